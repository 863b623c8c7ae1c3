import { operations } from '@teplo/domain'
import type { FastifyInstance } from 'fastify'
import { addOperation } from '../../lib/operation-route.ts'
import { currentReader, currentUser } from '../../plugins/app/auth.ts'
import { deleteHomeAssistant, getHomeAssistant, putHomeAssistant } from './home-assistant.service.ts'

/** The signed-in account's Home Assistant connection (declared in @teplo/domain `operations/home-assistant.ts`). */
export async function homeAssistantRoutes(app: FastifyInstance): Promise<void> {
  const o = operations
  const context = () => ({
    db: app.db,
    events: app.events,
    policy: app.homeAssistant.policy,
    log: app.log.child({ module: 'home-assistant' }),
  })
  addOperation(app, o.getHomeAssistant, async (request) => getHomeAssistant(app.db, currentReader(request)))
  addOperation(
    app,
    o.putHomeAssistant,
    async (request) => putHomeAssistant(context(), currentReader(request), request.body),
    { config: { rateLimit: { max: 20, timeWindow: '1 minute' } } },
  )
  addOperation(app, o.deleteHomeAssistant, async (request) => {
    await deleteHomeAssistant(context(), currentUser(request), (userId) =>
      app.homeAssistant.manager.removed(userId),
    )
    return undefined
  })
}
