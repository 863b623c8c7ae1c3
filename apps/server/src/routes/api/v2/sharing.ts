import {
  auditListDocumentSchema,
  handedOverListDocumentSchema,
  invitationDocumentSchema,
  invitationListDocumentSchema,
  invitationTokenSchema,
  itemDocumentSchema,
  noContentSchema,
  shareCreateSchema,
  shareDocumentSchema,
  shareListDocumentSchema,
  sharePatchSchema,
} from '@teplo/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { cacheBustingQuery, pageQuery } from '../../../lib/list-query.ts'
import { idParams, idSchema } from '../../../lib/params.ts'
import { AUDIT_PAGE_SIZE, listAudit } from '../../../modules/audit/item-audit.ts'
import { getItem } from '../../../modules/items/items.service.ts'
import { listHandedOver } from '../../../modules/sharing/handed-over.service.ts'
import {
  acceptInvitation,
  cancelInvitation,
  declineInvitation,
  listItemInvitations,
  listMyInvitations,
  previewInvitation,
} from '../../../modules/sharing/invitations.service.ts'
import {
  createShare,
  deleteShare,
  listShares,
  type SharingContext,
  updateShare,
} from '../../../modules/sharing/shares.service.ts'
import { currentUser } from '../../../plugins/app/auth.ts'

const shareParams = z.object({ id: idSchema('id'), shareId: idSchema('shareId') })
const invitationParams = z.object({ id: idSchema('id'), invitationId: idSchema('invitationId') })
const auditQuery = z.object({ ...pageQuery(AUDIT_PAGE_SIZE), ...cacheBustingQuery })
// Guessing invitation secrets is pointless (32 random bytes), but each try costs a lookup: bounded per address.
const tokenRateLimit = { rateLimit: { max: 20, timeWindow: '1 minute' } }

// Shares, invitations (sharing and handing a device on by e-mail) and the change log of a device (ADR 018).
const sharingRoutes: FastifyPluginAsyncZod = async (app) => {
  const context = (): SharingContext => ({
    db: app.db,
    events: app.events,
    mailer: app.mailer,
    appUrl: app.config.appUrl,
    log: app.log,
    invitationsPerDay: app.config.mailCaps.invitationsPerDay,
  })
  app.get(
    '/items/:id/shares',
    {
      schema: {
        tags: ['sharing'],
        summary: 'Who else has access to a device (owner, admin: everyone; anyone else: their own share)',
        params: idParams,
        response: { 200: shareListDocumentSchema },
      },
      onRequest: app.authenticate,
    },
    async (request) => listShares(app.db, currentUser(request), request.params.id),
  )

  app.post(
    '/items/:id/shares',
    {
      schema: {
        tags: ['sharing'],
        summary:
          'Share a device by e-mail (owner, admin): an existing account gets the level at once (201); any other ' +
          'address, and `access: owner` (handing the device over), gets a mailed invitation (202)',
        params: idParams,
        body: shareCreateSchema,
        response: { 201: shareDocumentSchema, 202: invitationDocumentSchema },
      },
      onRequest: app.authenticate,
      preValidation: app.requireItemAccess('share'),
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const created = await createShare(context(), currentUser(request), request.params.id, request.body)
      return reply.status(created.kind === 'share' ? 201 : 202).send(created.document)
    },
  )

  app.patch(
    '/items/:id/shares/:shareId',
    {
      schema: {
        tags: ['sharing'],
        summary: 'Change the level of a share (owner, admin; never one’s own)',
        params: shareParams,
        body: sharePatchSchema,
        response: { 200: shareDocumentSchema },
      },
      onRequest: app.authenticate,
      preValidation: app.requireItemAccess('share'),
    },
    async (request) => {
      const { id, shareId } = request.params
      return updateShare(context(), currentUser(request), id, shareId, request.body.access)
    },
  )

  app.delete(
    '/items/:id/shares/:shareId',
    {
      schema: {
        tags: ['sharing'],
        summary:
          'Revoke a share (owner, admin) or leave a device (the share’s own account); effective at once',
        params: shareParams,
        response: { 204: noContentSchema },
      },
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      await deleteShare(context(), currentUser(request), request.params.id, request.params.shareId)
      return reply.status(204).send(null)
    },
  )

  app.get(
    '/items/:id/invitations',
    {
      schema: {
        tags: ['sharing'],
        summary: 'Invitations and ownership offers of a device still waiting to be accepted (owner, admin)',
        params: idParams,
        response: { 200: invitationListDocumentSchema },
      },
      onRequest: app.authenticate,
    },
    async (request) => listItemInvitations(app.db, currentUser(request), request.params.id),
  )

  app.delete(
    '/items/:id/invitations/:invitationId',
    {
      schema: {
        tags: ['sharing'],
        summary: 'Withdraw an invitation or an ownership offer (owner, admin)',
        params: invitationParams,
        response: { 204: noContentSchema },
      },
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      const { id, invitationId } = request.params
      await cancelInvitation(app.db, app.events, currentUser(request), id, invitationId)
      return reply.status(204).send(null)
    },
  )

  app.get(
    '/items/:id/audit',
    {
      schema: {
        tags: ['sharing'],
        summary:
          'The change log of a device, newest first: settings (old → new, applied or refused), on/off, shares, ' +
          'handovers, archive (owner, installer, admin)',
        params: idParams,
        querystring: auditQuery,
        response: { 200: auditListDocumentSchema },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const caller = currentUser(request)
      return app.heavyReads.run(caller.userId, () =>
        listAudit(app.db, caller, request.params.id, request.query, request.query),
      )
    },
  )

  app.get(
    '/me/handed-over',
    {
      schema: {
        tags: ['sharing'],
        summary: 'Devices the signed-in account handed over to a new owner in the last 30 days',
        response: { 200: handedOverListDocumentSchema },
      },
      onRequest: app.authenticate,
    },
    async (request) => listHandedOver(app.db, currentUser(request)),
  )

  app.get(
    '/invitations',
    {
      schema: {
        tags: ['sharing'],
        summary: "Invitations addressed to the signed-in account's e-mail, still valid",
        response: { 200: invitationListDocumentSchema },
      },
      onRequest: app.authenticate,
    },
    async (request) => listMyInvitations(app.db, currentUser(request)),
  )

  app.post(
    '/invitations/preview',
    {
      schema: {
        tags: ['sharing'],
        summary: 'What a mailed invitation link offers (for the acceptance screen, signed in or not)',
        security: [],
        body: invitationTokenSchema,
        response: { 200: invitationDocumentSchema },
      },
      config: tokenRateLimit,
    },
    async (request) => previewInvitation(app.db, request.body.token),
  )

  app.post(
    '/invitations/accept',
    {
      schema: {
        tags: ['sharing'],
        summary:
          "Accept a mailed invitation with its link's token (the account's e-mail must be the invited one); " +
          'answers the device',
        body: invitationTokenSchema,
        response: { 200: itemDocumentSchema },
      },
      onRequest: app.authenticate,
      config: tokenRateLimit,
    },
    async (request) => {
      const caller = currentUser(request)
      const { itemId } = await acceptInvitation(app.db, app.events, caller, { token: request.body.token })
      return getItem(app.db, caller, itemId, false, app.itemCache)
    },
  )

  app.post(
    '/invitations/:id/accept',
    {
      schema: {
        tags: ['sharing'],
        summary: "Accept an invitation from the account's own list; answers the device",
        params: idParams,
        response: { 200: itemDocumentSchema },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const caller = currentUser(request)
      const { itemId } = await acceptInvitation(app.db, app.events, caller, { id: request.params.id })
      return getItem(app.db, caller, itemId, false, app.itemCache)
    },
  )

  app.delete(
    '/invitations/:id',
    {
      schema: {
        tags: ['sharing'],
        summary: "Decline an invitation from the account's own list",
        params: idParams,
        response: { 204: noContentSchema },
      },
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      await declineInvitation(app.db, app.events, currentUser(request), request.params.id)
      return reply.status(204).send(null)
    },
  )
}

export default sharingRoutes
