import { z } from 'zod'
import { noContentSchema } from '../resources/document'
import { itemDocumentSchema } from '../resources/items'
import {
  auditListDocumentSchema,
  handedOverListDocumentSchema,
  invitationDocumentSchema,
  invitationListDocumentSchema,
  shareDocumentSchema,
  shareListDocumentSchema,
} from '../resources/sharing'
import { invitationTokenSchema, shareCreateSchema, sharePatchSchema } from '../schemas/sharing'
import { defineOperation, itemAccess, PUBLIC, SIGNED_IN } from './operation'
import { cacheBustingQuery, idParams, idSchema, pageQuery } from './parameters'

export const AUDIT_PAGE_SIZE = 20

const shareParams = z.object({ id: idSchema('id'), shareId: idSchema('shareId') })
const invitationParams = z.object({ id: idSchema('id'), invitationId: idSchema('invitationId') })
const auditQuery = z.object({ ...pageQuery(AUDIT_PAGE_SIZE), ...cacheBustingQuery })

// Shares, invitations (sharing and handing a device on by e-mail) and the change log of a device (ADR 018).
// Where the access is only "signed in", the service decides by the caller's share (404 for an invisible device).
export const sharingOperations = {
  listShares: defineOperation({
    id: 'listShares',
    method: 'GET',
    path: '/items/{id}/shares',
    tag: 'sharing',
    summary: 'Who else has access to a device (owner, admin: everyone; anyone else: their own share)',
    access: SIGNED_IN,
    params: idParams,
    status: 200,
    response: shareListDocumentSchema,
  }),
  createShare: defineOperation({
    id: 'createShare',
    method: 'POST',
    path: '/items/{id}/shares',
    tag: 'sharing',
    summary:
      'Share a device by e-mail (owner, admin): an existing account gets the level at once (201); any other ' +
      'address, and `access: owner` (handing the device over), gets a mailed invitation (202)',
    access: itemAccess('share'),
    type: 'shares',
    params: idParams,
    body: shareCreateSchema,
    status: 201,
    response: shareDocumentSchema,
    otherResponses: { 202: invitationDocumentSchema },
  }),
  updateShare: defineOperation({
    id: 'updateShare',
    method: 'PATCH',
    path: '/items/{id}/shares/{shareId}',
    tag: 'sharing',
    summary: 'Change the level of a share (owner, admin; never one’s own)',
    access: itemAccess('share'),
    type: 'shares',
    idParam: 'shareId',
    params: shareParams,
    body: sharePatchSchema,
    status: 200,
    response: shareDocumentSchema,
  }),
  deleteShare: defineOperation({
    id: 'deleteShare',
    method: 'DELETE',
    path: '/items/{id}/shares/{shareId}',
    tag: 'sharing',
    summary: 'Revoke a share (owner, admin) or leave a device (the share’s own account); effective at once',
    access: SIGNED_IN,
    params: shareParams,
    status: 204,
    response: noContentSchema,
  }),
  listItemInvitations: defineOperation({
    id: 'listItemInvitations',
    method: 'GET',
    path: '/items/{id}/invitations',
    tag: 'sharing',
    summary: 'Invitations and ownership offers of a device still waiting to be accepted (owner, admin)',
    access: SIGNED_IN,
    params: idParams,
    status: 200,
    response: invitationListDocumentSchema,
  }),
  cancelInvitation: defineOperation({
    id: 'cancelInvitation',
    method: 'DELETE',
    path: '/items/{id}/invitations/{invitationId}',
    tag: 'sharing',
    summary: 'Withdraw an invitation or an ownership offer (owner, admin)',
    access: SIGNED_IN,
    params: invitationParams,
    status: 204,
    response: noContentSchema,
  }),
  listItemAudit: defineOperation({
    id: 'listItemAudit',
    method: 'GET',
    path: '/items/{id}/audit',
    tag: 'sharing',
    summary:
      'The change log of a device, newest first: settings (old → new, applied or refused), on/off, shares, ' +
      'handovers, archive (owner, installer, admin)',
    access: SIGNED_IN,
    params: idParams,
    query: auditQuery,
    status: 200,
    response: auditListDocumentSchema,
  }),
  listHandedOver: defineOperation({
    id: 'listHandedOver',
    method: 'GET',
    path: '/me/handed-over',
    tag: 'sharing',
    summary: 'Devices the signed-in account handed over to a new owner in the last 30 days',
    access: SIGNED_IN,
    status: 200,
    response: handedOverListDocumentSchema,
  }),
  listMyInvitations: defineOperation({
    id: 'listMyInvitations',
    method: 'GET',
    path: '/invitations',
    tag: 'sharing',
    summary: "Invitations addressed to the signed-in account's e-mail, still valid",
    access: SIGNED_IN,
    status: 200,
    response: invitationListDocumentSchema,
  }),
  // The link's token names the invitation: its body is a document of the invitations type.
  previewInvitation: defineOperation({
    id: 'previewInvitation',
    method: 'POST',
    path: '/invitations/preview',
    tag: 'sharing',
    summary: 'What a mailed invitation link offers (for the acceptance screen, signed in or not)',
    access: PUBLIC,
    type: 'invitations',
    body: invitationTokenSchema,
    status: 200,
    response: invitationDocumentSchema,
  }),
  acceptInvitationByToken: defineOperation({
    id: 'acceptInvitationByToken',
    method: 'POST',
    path: '/invitations/accept',
    tag: 'sharing',
    summary:
      "Accept a mailed invitation with its link's token (the account's e-mail must be the invited one); " +
      'answers the device',
    access: SIGNED_IN,
    type: 'invitations',
    body: invitationTokenSchema,
    status: 200,
    response: itemDocumentSchema,
  }),
  acceptInvitation: defineOperation({
    id: 'acceptInvitation',
    method: 'POST',
    path: '/invitations/{id}/accept',
    tag: 'sharing',
    summary: "Accept an invitation from the account's own list; answers the device",
    access: SIGNED_IN,
    params: idParams,
    status: 200,
    response: itemDocumentSchema,
  }),
  declineInvitation: defineOperation({
    id: 'declineInvitation',
    method: 'DELETE',
    path: '/invitations/{id}',
    tag: 'sharing',
    summary: "Decline an invitation from the account's own list",
    access: SIGNED_IN,
    params: idParams,
    status: 204,
    response: noContentSchema,
  }),
}
