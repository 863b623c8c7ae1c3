import {
  noContentSchema,
  pushPublicKeyDocumentSchema,
  pushSubscriptionDocumentSchema,
  pushSubscriptionListDocumentSchema,
  pushSubscriptionSchema,
} from '@teplo/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { idParams } from '../../../lib/params.ts'
import {
  deletePushSubscription,
  listPushSubscriptions,
  savePushSubscription,
} from '../../../modules/push/push-subscriptions.service.ts'
import { currentUser } from '../../../plugins/app/auth.ts'

const tags = ['push']

const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/push/public-key',
    {
      schema: {
        tags,
        summary: "The server's VAPID public key (the browser's applicationServerKey)",
        response: { 200: pushPublicKeyDocumentSchema },
      },
      onRequest: app.authenticate,
    },
    async () => ({
      data: {
        type: 'push-public-keys' as const,
        id: '1' as const,
        attributes: { public_key: app.push.publicKey },
      },
    }),
  )

  app.get(
    '/me/push-subscriptions',
    {
      schema: {
        tags,
        summary: "The signed-in user's browsers that receive web push",
        response: { 200: pushSubscriptionListDocumentSchema },
      },
      onRequest: app.authenticate,
    },
    async (request) => listPushSubscriptions(app.db, currentUser(request).userId),
  )

  app.post(
    '/me/push-subscriptions',
    {
      schema: {
        tags,
        summary: "Store this browser's PushSubscription (the same endpoint again updates it: 200)",
        body: pushSubscriptionSchema,
        response: { 200: pushSubscriptionDocumentSchema, 201: pushSubscriptionDocumentSchema },
      },
      onRequest: app.authenticate,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const userAgent = request.headers['user-agent']
      const saved = await savePushSubscription(
        app.db,
        currentUser(request).userId,
        request.body,
        userAgent,
        app.push.endpointPolicy,
      )
      return reply.status(saved.created ? 201 : 200).send(saved.document)
    },
  )

  app.delete(
    '/me/push-subscriptions/:id',
    {
      schema: {
        tags,
        summary: 'Stop web push to one of your browsers',
        params: idParams,
        response: { 204: noContentSchema },
      },
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      await deletePushSubscription(app.db, currentUser(request).userId, request.params.id)
      return reply.status(204).send(null)
    },
  )
}

export default pushRoutes
