import { deviceCredentialsListDocumentSchema, ITEM_BATCH_MAX, itemBatchCreateSchema } from '@teplo/domain'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { brokerLocationFor } from '../../../modules/device-link/broker-location.ts'
import { registerBatch } from '../../../modules/items/item-batch.service.ts'
import { credentialsDocument } from '../../../modules/items/item-verification.service.ts'
import { currentUser } from '../../../plugins/app/auth.ts'

/** Batches an account may register per hour (each up to ITEM_BATCH_MAX controllers), wherever it calls from. */
export const ITEM_BATCHES_PER_HOUR = 10

// Per account, not per address: a factory line behind one address registers for one administrator.
const byAccount = (request: FastifyRequest) => `item-batch:${currentUser(request).userId}`

const itemBatchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/items/batch',
    {
      schema: {
        tags: ['provisioning'],
        summary: `Register and pair up to ${ITEM_BATCH_MAX} controllers at once (administrators): each one's device-link credentials, once`,
        description:
          "The factory flow: every serial becomes a paired device on the caller's account under `owner`, waiting for " +
          'its first connection with the secret answered here (the server keeps only its hash). All or nothing: a ' +
          'serial already registered answers 422 with a pointer to each; a broker that cannot take the device ' +
          `accounts answers 503 and nothing is registered. ${ITEM_BATCHES_PER_HOUR} batches an hour per account (429 ` +
          'with `Retry-After` beyond). Hand the devices to their owners with owner codes or by changing the owner.',
        body: itemBatchCreateSchema,
        response: { 201: deviceCredentialsListDocumentSchema },
      },
      onRequest: app.requireRole('admin'),
      config: {
        rateLimit: {
          max: ITEM_BATCHES_PER_HOUR,
          timeWindow: '1 hour',
          // After authentication, so that the key is the account.
          hook: 'preHandler',
          keyGenerator: byAccount,
        },
      },
    },
    async (request, reply) => {
      const link = app.deviceLink
      const broker = link?.access
        ? {
            grant: async (serial: string, secret: string) => {
              try {
                await link.provisionCredentials(serial, secret)
              } catch (err) {
                request.log.error({ err, serial }, "batch: the broker did not take a device's account")
                throw err
              }
            },
            revoke: (serial: string) => link.revokeCredentials(serial),
          }
        : undefined
      const registered = await registerBatch(app.db, app.events, currentUser(request), request.body, broker)
      const location = brokerLocationFor({ config: app.config, transport: link?.transport }, request.hostname)
      return reply.status(201).send({
        data: registered.map(({ item, secret }) => credentialsDocument(item, secret, location).data),
        meta: { count: registered.length },
      })
    },
  )
}

export default itemBatchRoutes
