import { operations } from '@teplo/domain'
import type { FastifyInstance } from 'fastify'
import { addOperation } from '../../lib/operation-route.ts'
import { currentReader, currentUser } from '../../plugins/app/auth.ts'
import {
  createWebhook,
  deleteWebhook,
  getWebhook,
  listWebhookDeliveries,
  listWebhooks,
  sendWebhookTest,
  updateWebhook,
} from './webhooks.service.ts'

/** The signed-in account's webhooks (declared in @teplo/domain `operations/webhooks.ts`, ADR 061). */
export async function webhooksRoutes(app: FastifyInstance): Promise<void> {
  const o = operations
  const policy = app.webhooks.policy
  addOperation(app, o.listWebhooks, async (request) => listWebhooks(app.db, currentReader(request)))
  addOperation(
    app,
    o.createWebhook,
    async (request) => createWebhook(app.db, currentReader(request), request.body, policy),
    { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
  )
  addOperation(app, o.getWebhook, async (request) =>
    getWebhook(app.db, currentReader(request), request.params.id),
  )
  addOperation(app, o.updateWebhook, async (request) =>
    updateWebhook(app.db, currentReader(request), request.params.id, request.body, policy),
  )
  addOperation(app, o.deleteWebhook, async (request) => {
    await deleteWebhook(app.db, currentUser(request), request.params.id)
    return undefined
  })
  addOperation(app, o.listWebhookDeliveries, async (request) =>
    listWebhookDeliveries(
      app.db,
      currentUser(request),
      request.params.id,
      request.query,
      request.query as Record<string, unknown>,
    ),
  )
  addOperation(
    app,
    o.sendWebhookTest,
    async (request, reply) => {
      const answer = await sendWebhookTest(app.db, currentUser(request), request.params.id)
      app.webhooks.kick()
      return reply.status(202).send(answer)
    },
    { config: { rateLimit: { max: 10, timeWindow: '1 minute' } } },
  )
}
