import { operations } from '@teplo/domain'
import type { FastifyInstance } from 'fastify'
import { addOperation } from '../../lib/operation-route.ts'
import { currentReader, currentUser } from '../../plugins/app/auth.ts'
import { listAudit } from '../audit/item-audit.ts'
import { getItem } from '../items/items.service.ts'
import { listHandedOver } from './handed-over.service.ts'
import {
  acceptInvitation,
  cancelInvitation,
  declineInvitation,
  listItemInvitations,
  listMyInvitations,
  previewInvitation,
} from './invitations.service.ts'
import { createShare, deleteShare, listShares, type SharingContext, updateShare } from './shares.service.ts'

// Guessing invitation secrets is pointless (32 random bytes), but each try costs a lookup: bounded per address.
const tokenRateLimit = { config: { rateLimit: { max: 20, timeWindow: '1 minute' } } }

/** Shares, invitations (sharing and handing a device on by e-mail) and the change log of a device (ADR 018). */
export async function sharingRoutes(app: FastifyInstance): Promise<void> {
  const o = operations
  const context = (): SharingContext => ({
    db: app.db,
    events: app.events,
    mailer: app.mailer,
    appUrl: app.config.appUrl,
    log: app.log,
    invitationsPerDay: app.config.mailCaps.invitationsPerDay,
  })

  addOperation(app, o.listShares, async (request) =>
    listShares(app.db, currentUser(request), request.params.id),
  )

  // A known account gets its share (201); anyone else, and a handover, a mailed invitation (202).
  addOperation(
    app,
    o.createShare,
    async (request, reply) => {
      const created = await createShare(context(), currentUser(request), request.params.id, request.body)
      return reply.status(created.kind === 'share' ? 201 : 202).send(created.document)
    },
    { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
  )

  addOperation(app, o.updateShare, async (request) => {
    const { id, shareId } = request.params
    return updateShare(context(), currentUser(request), id, shareId, request.body.access)
  })

  addOperation(app, o.deleteShare, async (request) => {
    await deleteShare(context(), currentUser(request), request.params.id, request.params.shareId)
    return undefined
  })

  addOperation(app, o.listItemInvitations, async (request) =>
    listItemInvitations(app.db, currentUser(request), request.params.id),
  )

  addOperation(app, o.cancelInvitation, async (request) => {
    const { id, invitationId } = request.params
    await cancelInvitation(app.db, app.events, currentUser(request), id, invitationId)
    return undefined
  })

  addOperation(app, o.listItemAudit, async (request) => {
    const caller = currentReader(request)
    return app.heavyReads.run(caller.userId, () =>
      listAudit(app.db, caller, request.params.id, request.query, request.query),
    )
  })

  addOperation(app, o.listHandedOver, async (request) => listHandedOver(app.db, currentUser(request)))

  addOperation(app, o.listMyInvitations, async (request) => listMyInvitations(app.db, currentUser(request)))

  addOperation(
    app,
    o.previewInvitation,
    async (request) => previewInvitation(app.db, request.body.token),
    tokenRateLimit,
  )

  addOperation(
    app,
    o.acceptInvitationByToken,
    async (request) => {
      const caller = currentUser(request)
      const { itemId } = await acceptInvitation(app.db, app.events, caller, { token: request.body.token })
      return getItem(app.db, caller, itemId, false, app.itemCache)
    },
    tokenRateLimit,
  )

  addOperation(app, o.acceptInvitation, async (request) => {
    const caller = currentUser(request)
    const { itemId } = await acceptInvitation(app.db, app.events, caller, { id: request.params.id })
    return getItem(app.db, caller, itemId, false, app.itemCache)
  })

  addOperation(app, o.declineInvitation, async (request) => {
    await declineInvitation(app.db, app.events, currentUser(request), request.params.id)
    return undefined
  })
}
