import { operations } from '@teplo/domain'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { addOperation } from '../../lib/operation-route.ts'
import { writtenOnce } from '../../lib/response-serializer.ts'
import { currentReader } from '../../plugins/app/auth.ts'
import type { ItemAbility } from './item-access.ts'
import {
  CLAIM_LOCK_MINUTES,
  CLAIM_MAX_FAILURES,
  claimFailure,
  claimItem,
  issueOwnerCode,
  previewClaim,
} from './item-handover.service.ts'
import { updateItem } from './item-update.service.ts'
import { createItem, deleteItem, getItem, itemDocument, itemUser, listItems } from './items.service.ts'
import { searchOwners } from './owners.service.ts'
import { PairingAttempts } from './pairing-attempts.ts'

// What a PATCH asks for, read from its members before they are validated: archiving is the device administrator's,
// the registration record the registering roles', everything else (settings, on/off) operating it.
const REGISTRATION_MEMBERS = ['name', 'owner', 'description', 'category_id', 'is_on_homepage', 'user_id']
function patchAbility(request: FastifyRequest): ItemAbility {
  const body = request.body
  if (typeof body !== 'object' || body === null) return 'operate'
  if ((body as { status?: unknown }).status === 'archive') return 'administer'
  return REGISTRATION_MEMBERS.some((member) => member in body) ? 'register' : 'operate'
}

const claimRateLimit = { rateLimit: { max: 20, timeWindow: '1 minute' } }

/** The device registry's operations (declared in @teplo/domain `operations/items.ts`). */
export async function itemsRoutes(app: FastifyInstance): Promise<void> {
  const o = operations
  const claimAttempts = new PairingAttempts(CLAIM_MAX_FAILURES, CLAIM_LOCK_MINUTES * 60_000)

  addOperation(app, o.listOwners, async (request) => searchOwners(app.db, request.query['filter[search]']))

  addOperation(
    app,
    o.claimItem,
    async (request, reply) => {
      const caller = currentReader(request)
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
    { config: claimRateLimit },
  )

  addOperation(
    app,
    o.previewItemClaim,
    async (request, reply) => {
      const { serial_number: serialNumber, code } = request.body
      const outcome = await previewClaim(app.db, claimAttempts, {
        serialNumber,
        code,
        address: request.ip,
        caller: currentReader(request),
      })
      if (outcome.kind !== 'preview') {
        const { error, retryAfterSeconds } = claimFailure(outcome)
        if (retryAfterSeconds) reply.header('retry-after', String(retryAfterSeconds))
        throw error
      }
      return outcome.document
    },
    { config: claimRateLimit },
  )

  addOperation(app, o.issueOwnerCode, async (request) =>
    issueOwnerCode(app.db, currentReader(request), request.params.id),
  )

  addOperation(app, o.listItems, async (request, reply) => {
    const document = await listItems(
      app.db,
      currentReader(request),
      request.query,
      request.query,
      app.itemCache,
    )
    // A remembered answer is the same object each time: written once (ADR 028).
    return writtenOnce(reply, document, document)
  })

  addOperation(app, o.getItem, async (request, reply) => {
    const document = await getItem(
      app.db,
      currentReader(request),
      request.params.id,
      request.query.include === 'category',
      app.itemCache,
    )
    // A remembered device's resource is the same object each time: its answer is written once (ADR 028).
    return 'included' in document ? document : writtenOnce(reply, document.data, document)
  })

  addOperation(app, o.getItemUser, async (request) =>
    itemUser(app.db, currentReader(request), request.params.id),
  )

  addOperation(app, o.createItem, async (request) =>
    createItem(app.db, app.events, currentReader(request), request.body),
  )

  addOperation(
    app,
    o.updateItem,
    async (request) => {
      const caller = currentReader(request)
      const { item, access } = await updateItem(app.db, app.events, caller, request.params.id, request.body)
      return itemDocument(app.db, caller, item, false, access)
    },
    // Before the body is validated: whoever may not change the device learns nothing, not even its rules.
    { preValidation: app.requireItemAccess(patchAbility) },
  )

  addOperation(app, o.deleteItem, async (request) => {
    await deleteItem(app.db, app.events, currentReader(request), request.params.id)
    return undefined
  })
}
