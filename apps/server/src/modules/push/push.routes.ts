import { operations } from '@teplo/domain'
import type { FastifyInstance } from 'fastify'
import { addOperation } from '../../lib/operation-route.ts'
import { currentUser } from '../../plugins/app/auth.ts'
import {
  deletePushSubscription,
  listPushSubscriptions,
  savePushSubscription,
} from './push-subscriptions.service.ts'

/** Web push to the signed-in user's browsers (declared in @teplo/domain `operations/push.ts`). */
export async function pushRoutes(app: FastifyInstance): Promise<void> {
  addOperation(app, operations.getPushPublicKey, async () => ({
    data: {
      type: 'push-public-keys' as const,
      id: '1' as const,
      attributes: { public_key: app.push.publicKey },
    },
  }))

  addOperation(app, operations.listPushSubscriptions, async (request) =>
    listPushSubscriptions(app.db, currentUser(request).userId),
  )

  addOperation(
    app,
    operations.savePushSubscription,
    async (request, reply) => {
      const userAgent = request.headers['user-agent']
      const saved = await savePushSubscription(
        app.db,
        currentUser(request).userId,
        request.body,
        userAgent,
        app.push.endpointPolicy,
      )
      // The same endpoint again: the stored subscription, updated.
      return saved.created ? saved.document : reply.status(200).send(saved.document)
    },
    { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
  )

  addOperation(app, operations.deletePushSubscription, async (request) => {
    await deletePushSubscription(app.db, currentUser(request).userId, request.params.id)
    return undefined
  })
}
