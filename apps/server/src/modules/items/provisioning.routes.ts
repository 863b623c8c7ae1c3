import { ITEM_BATCHES_PER_HOUR, operations } from '@teplo/domain'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { addOperation } from '../../lib/operation-route.ts'
import { currentReader } from '../../plugins/app/auth.ts'
import { brokerLocationFor } from '../device-link/broker-location.ts'
import { registerBatch } from './item-batch.service.ts'
import {
  credentialsDocument,
  newPairingCode,
  VERIFY_LOCK_MINUTES,
  VERIFY_MAX_FAILURES,
  verificationStatus,
  verifyFailure,
  verifyToken,
} from './item-verification.service.ts'
import { itemDocument } from './items.service.ts'
import { PairingAttempts } from './pairing-attempts.ts'

// Provisioning calls come from controllers, not people: unauthenticated, limited per address.
const provisioningRateLimit = { rateLimit: { max: 20, timeWindow: '1 minute' } }

// Batches: per account, not per address: a factory line behind one address registers for one administrator.
const byAccount = (request: FastifyRequest) => `item-batch:${currentReader(request).userId}`

/** Pairing controllers with their devices (declared in @teplo/domain `operations/items.ts`). */
export async function provisioningRoutes(app: FastifyInstance): Promise<void> {
  const o = operations
  const pairingAttempts = new PairingAttempts(VERIFY_MAX_FAILURES, VERIFY_LOCK_MINUTES * 60_000)

  addOperation(app, o.issuePairingCode, async (request) => {
    const caller = currentReader(request)
    const { code, item, access } = await newPairingCode(app.db, app.events, caller, request.params.id)
    return {
      ...(await itemDocument(app.db, caller, item, false, access)),
      meta: { verification_token: code },
    }
  })

  addOperation(
    app,
    o.checkItemVerification,
    async (request) => verificationStatus(app.db, request.body.serial_number),
    { config: provisioningRateLimit },
  )

  addOperation(
    app,
    o.verifyItemToken,
    async (request, reply) => {
      const { serial_number: serialNumber, token } = request.body
      const caller = request.auth ? currentReader(request) : undefined
      const link = app.deviceLink
      const provision = link
        ? async (serial: string, secret: string) => {
            try {
              await link.provisionCredentials(serial, secret)
            } catch (err) {
              request.log.error({ err, serial }, "pairing: the broker did not take the device's account")
              throw err
            }
          }
        : undefined
      const attempt = { serialNumber, token, address: request.ip, caller, provision }
      const outcome = await verifyToken(app.db, app.events, pairingAttempts, attempt)
      if (outcome.kind !== 'verified') {
        const { error, retryAfterSeconds } = verifyFailure(outcome)
        if (retryAfterSeconds) reply.header('retry-after', String(retryAfterSeconds))
        throw error
      }
      // The secret is stored only as a hash (never cached: see the no-store reply hook).
      const broker = brokerLocationFor(
        { config: app.config, transport: app.deviceLink?.transport },
        request.hostname,
      )
      return credentialsDocument(outcome.item, outcome.secret, broker)
    },
    {
      config: provisioningRateLimit,
      // Anonymous for controllers; a signed-in installer of the item is never locked out by others' guesses.
      onRequest: async (request, reply) => {
        if (request.headers.authorization) await app.authenticate(request, reply)
      },
    },
  )

  addOperation(
    app,
    o.registerItemBatch,
    async (request) => {
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
      const registered = await registerBatch(app.db, app.events, currentReader(request), request.body, broker)
      const location = brokerLocationFor({ config: app.config, transport: link?.transport }, request.hostname)
      return {
        data: registered.map(({ item, secret }) => credentialsDocument(item, secret, location).data),
        meta: { count: registered.length },
      }
    },
    {
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
  )
}
