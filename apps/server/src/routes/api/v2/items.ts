import {
  claimPreviewDocumentSchema,
  deviceCredentialsDocumentSchema,
  hasControlCharacter,
  itemClaimSchema,
  itemCreatedDocumentSchema,
  itemCreateSchema,
  itemDocumentSchema,
  itemListDocumentSchema,
  itemPatchSchema,
  itemVerifySchema,
  itemVerifyTokenSchema,
  LIMITS,
  noContentSchema,
  ownerCodeDocumentSchema,
  ownerListDocumentSchema,
  userDocumentSchema,
  verificationStatusSchema,
} from '@teplo/domain'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { cacheBustingQuery, listQuerySchema } from '../../../lib/list-query.ts'
import { idParams, idSchema } from '../../../lib/params.ts'
import { writtenOnce } from '../../../lib/response-serializer.ts'
import { brokerLocationFor } from '../../../modules/device-link/broker-location.ts'
import type { ItemAbility } from '../../../modules/items/item-access.ts'
import {
  CLAIM_LOCK_MINUTES,
  CLAIM_MAX_FAILURES,
  claimFailure,
  claimItem,
  issueOwnerCode,
  previewClaim,
} from '../../../modules/items/item-handover.service.ts'
import { updateItem } from '../../../modules/items/item-update.service.ts'
import {
  credentialsDocument,
  newPairingCode,
  VERIFY_LOCK_MINUTES,
  VERIFY_MAX_FAILURES,
  verificationStatus,
  verifyFailure,
  verifyToken,
} from '../../../modules/items/item-verification.service.ts'
import {
  createItem,
  deleteItem,
  getItem,
  ITEM_SORT_COLUMNS,
  itemDocument,
  itemUser,
  listItems,
} from '../../../modules/items/items.service.ts'
import { searchOwners } from '../../../modules/items/owners.service.ts'
import { PairingAttempts } from '../../../modules/items/pairing-attempts.ts'
import { currentUser } from '../../../plugins/app/auth.ts'

const includeQuery = z.object({
  include: z.enum(['category'], { message: 'include може бути лише: category' }).optional(),
})
const listQuery = listQuerySchema(ITEM_SORT_COLUMNS, LIMITS.deviceListPageSize).extend({
  include: includeQuery.shape.include,
  'filter[user_id]': idSchema('filter[user_id]').optional(),
  'filter[scope]': z
    .enum(['own', 'shared', 'all'], { message: 'filter[scope] має бути одним із: own, shared, all' })
    .optional(),
  ...cacheBustingQuery,
})
const ownersQuery = z.object({
  'filter[search]': z
    .string()
    .max(100, { message: 'filter[search] має містити не більше 100 символів' })
    .refine((value) => !hasControlCharacter(value), { message: 'filter[search] має бути звичайним текстом' })
    .optional(),
})
// Provisioning calls come from controllers, not people: unauthenticated, limited per address.
const provisioningRateLimit = { rateLimit: { max: 20, timeWindow: '1 minute' } }

// What a PATCH asks for, read from its members before they are validated: archiving is the device administrator's,
// the registration record the registering roles', everything else (settings, on/off) operating it.
const REGISTRATION_MEMBERS = ['name', 'owner', 'description', 'category_id', 'is_on_homepage', 'user_id']
function patchAbility(request: FastifyRequest): ItemAbility {
  const body = request.body
  if (typeof body !== 'object' || body === null) return 'operate'
  if ((body as { status?: unknown }).status === 'archive') return 'administer'
  return REGISTRATION_MEMBERS.some((member) => member in body) ? 'register' : 'operate'
}

const itemRoutes: FastifyPluginAsyncZod = async (app) => {
  const pairingAttempts = new PairingAttempts(VERIFY_MAX_FAILURES, VERIFY_LOCK_MINUTES * 60_000)
  const claimAttempts = new PairingAttempts(CLAIM_MAX_FAILURES, CLAIM_LOCK_MINUTES * 60_000)

  app.get(
    '/owners',
    {
      schema: {
        tags: ['items'],
        summary: "Accounts to name as a device's owner: name or e-mail contains filter[search] (at most 10)",
        querystring: ownersQuery,
        response: { 200: ownerListDocumentSchema },
      },
      onRequest: app.requireRole('admin', 'creator'),
    },
    async (request) => searchOwners(app.db, request.query['filter[search]']),
  )

  app.post(
    '/items/claim',
    {
      schema: {
        tags: ['items'],
        summary: "Take a paired device over with its serial and the installer's owner code",
        body: itemClaimSchema,
        response: { 200: itemDocumentSchema },
      },
      onRequest: app.authenticate,
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const caller = currentUser(request)
      const { serial_number: serialNumber, code } = request.body
      const outcome = await claimItem(app.db, app.events, claimAttempts, {
        serialNumber,
        code,
        address: request.ip,
        caller,
      })
      if (outcome.kind !== 'claimed') {
        const { error, retryAfterSeconds } = claimFailure(outcome)
        if (retryAfterSeconds) reply.header('retry-after', String(retryAfterSeconds))
        throw error
      }
      return itemDocument(app.db, caller, outcome.item, true, 'owner')
    },
  )

  app.post(
    '/items/claim/preview',
    {
      schema: {
        tags: ['items'],
        summary:
          'What a serial and owner code would hand over, and who would lose access to the device (nothing is claimed)',
        body: itemClaimSchema,
        response: { 200: claimPreviewDocumentSchema },
      },
      onRequest: app.authenticate,
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const { serial_number: serialNumber, code } = request.body
      const outcome = await previewClaim(app.db, claimAttempts, {
        serialNumber,
        code,
        address: request.ip,
        caller: currentUser(request),
      })
      if (outcome.kind !== 'preview') {
        const { error, retryAfterSeconds } = claimFailure(outcome)
        if (retryAfterSeconds) reply.header('retry-after', String(retryAfterSeconds))
        throw error
      }
      return outcome.document
    },
  )

  app.post(
    '/items/:id/owner-code',
    {
      schema: {
        tags: ['items'],
        summary:
          'A code with which a new owner takes this paired device over (admin, or the creator holding it)',
        params: idParams,
        response: { 201: ownerCodeDocumentSchema },
      },
      onRequest: app.requireRole('admin', 'creator'),
    },
    async (request, reply) => {
      return reply.status(201).send(await issueOwnerCode(app.db, currentUser(request), request.params.id))
    },
  )

  app.get(
    '/items',
    {
      schema: {
        tags: ['items'],
        summary:
          "Devices of the signed-in user and those shared with them, each with the caller's access (admins: any user)",
        querystring: listQuery,
        response: { 200: itemListDocumentSchema },
      },
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      const document = await listItems(
        app.db,
        currentUser(request),
        request.query,
        request.query,
        app.itemCache,
      )
      // A remembered answer is the same object each time: written once (ADR 028).
      return writtenOnce(reply, document, document)
    },
  )

  app.get(
    '/items/:id',
    {
      schema: {
        tags: ['items'],
        summary: 'One device',
        params: idParams,
        querystring: includeQuery,
        response: { 200: itemDocumentSchema },
      },
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      const document = await getItem(
        app.db,
        currentUser(request),
        request.params.id,
        request.query.include === 'category',
        app.itemCache,
      )
      // A remembered device's resource is the same object each time: its answer is written once (ADR 028).
      return 'included' in document ? document : writtenOnce(reply, document.data, document)
    },
  )

  app.get(
    '/items/:id/user',
    {
      schema: {
        tags: ['items'],
        summary: 'The account a device belongs to',
        params: idParams,
        response: { 200: userDocumentSchema },
      },
      onRequest: app.authenticate,
    },
    async (request) => itemUser(app.db, currentUser(request), request.params.id),
  )

  app.post(
    '/items',
    {
      schema: {
        tags: ['items'],
        summary: 'Register a device (pending until verified)',
        body: itemCreateSchema,
        response: { 201: itemCreatedDocumentSchema },
      },
      onRequest: app.requireRole('admin', 'creator'),
    },
    async (request, reply) => {
      return reply.status(201).send(await createItem(app.db, app.events, currentUser(request), request.body))
    },
  )

  app.patch(
    '/items/:id',
    {
      schema: {
        tags: ['items'],
        summary: 'Change one dashboard settings group, switch on/off, or edit the device (admin, creator)',
        params: idParams,
        body: itemPatchSchema,
        response: { 200: itemDocumentSchema },
      },
      onRequest: app.authenticate,
      // Before the body is validated: whoever may not change the device learns nothing, not even its rules.
      preValidation: app.requireItemAccess(patchAbility),
    },
    async (request) => {
      const caller = currentUser(request)
      const { item, access } = await updateItem(app.db, app.events, caller, request.params.id, request.body)
      return itemDocument(app.db, caller, item, false, access)
    },
  )

  app.delete(
    '/items/:id',
    {
      schema: {
        tags: ['items'],
        summary: 'Delete a device (admin any, creator own)',
        params: idParams,
        response: { 204: noContentSchema },
      },
      onRequest: app.requireRole('admin', 'creator'),
    },
    async (request, reply) => {
      await deleteItem(app.db, app.events, currentUser(request), request.params.id)
      return reply.status(204).send(null)
    },
  )

  app.post(
    '/items/:id/pairing-code',
    {
      schema: {
        tags: ['provisioning'],
        summary:
          'A new pairing code for a verified device (re-pairing: owner or admin); the current secret works until it is proved',
        params: idParams,
        response: { 200: itemCreatedDocumentSchema },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const caller = currentUser(request)
      const { code, item, access } = await newPairingCode(app.db, app.events, caller, request.params.id)
      return {
        ...(await itemDocument(app.db, caller, item, false, access)),
        meta: { verification_token: code },
      }
    },
  )

  app.post(
    '/items/verify',
    {
      schema: {
        tags: ['provisioning'],
        summary: "Does this serial number await a verification code? ('pending' or 'unavailable')",
        security: [],
        body: itemVerifySchema,
        response: { 200: verificationStatusSchema },
      },
      config: provisioningRateLimit,
    },
    async (request) => verificationStatus(app.db, request.body.serial_number),
  )

  app.post(
    '/items/verify-token',
    {
      schema: {
        tags: ['provisioning'],
        summary: 'Prove the verification code; answers the device-link credentials once',
        security: [],
        body: itemVerifyTokenSchema,
        response: { 200: deviceCredentialsDocumentSchema },
      },
      config: provisioningRateLimit,
      // Anonymous for controllers; a signed-in installer of the item is never locked out by others' guesses.
      onRequest: async (request, reply) => {
        if (request.headers.authorization) await app.authenticate(request, reply)
      },
    },
    async (request, reply) => {
      const { serial_number: serialNumber, token } = request.body
      const caller = request.auth ? currentUser(request) : undefined
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
  )
}

export default itemRoutes
