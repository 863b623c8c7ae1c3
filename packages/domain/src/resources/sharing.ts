import { z } from 'zod'
import { ACCESS_LEVELS, SHARE_LEVELS } from '../access-levels'
import {
  documentSchema,
  listDocumentSchema,
  resourceSchema,
  timestampsShape,
  toOneSchema,
  wireDate,
} from './document'

/** One account's access to a device besides its owner (ADR 018). */
export const shareResourceSchema = resourceSchema('shares', {
  access: z.enum(SHARE_LEVELS),
  /** The account's name and e-mail, so the owner knows who it is. */
  name: z.string(),
  email: z.string(),
  ...timestampsShape,
}).extend({
  relationships: z.object({ item: toOneSchema('items'), user: toOneSchema('users') }),
})
export const shareDocumentSchema = documentSchema(shareResourceSchema)
export const shareListDocumentSchema = z.object({ data: z.array(shareResourceSchema) })
export type ShareResource = z.infer<typeof shareResourceSchema>
export type ShareAttributes = ShareResource['attributes']

/**
 * Someone whose access to a device ends if it is handed over (ADR 033): shown to the new owner before accepting.
 * The e-mail only of an installer (`installer`: they register devices, and held it as owner or installer), whom the new
 * owner may invite back in one click; the household's own addresses are not the buyer's business.
 */
export const losingAccessSchema = z.object({
  name: z.string(),
  access: z.enum(ACCESS_LEVELS),
  installer: z.boolean(),
  email: z.string().nullable(),
})
export type LosingAccess = z.infer<typeof losingAccessSchema>

/**
 * An offer mailed to an e-mail address, waiting to be accepted: access to a device (a share), or with `owner` the
 * device itself (a handover). Its secret travels only in the mailed link.
 */
export const invitationResourceSchema = resourceSchema('invitations', {
  email: z.string(),
  access: z.enum(ACCESS_LEVELS),
  item_name: z.string(),
  serial_number: z.string(),
  /** Who sent it (their name), for the person deciding whether to accept. */
  invited_by: z.string().nullable(),
  /** An offer of ownership: who loses access to the device when it is accepted (null for other offers). */
  losing_access: z.array(losingAccessSchema).nullable(),
  expires_at: wireDate,
  created_at: wireDate,
}).extend({
  relationships: z.object({ item: toOneSchema('items') }),
})
export const invitationDocumentSchema = documentSchema(invitationResourceSchema)
export const invitationListDocumentSchema = z.object({ data: z.array(invitationResourceSchema) })
export type InvitationResource = z.infer<typeof invitationResourceSchema>
export type InvitationAttributes = InvitationResource['attributes']

/**
 * A device the signed-in account handed on recently (an ownership offer it sent, or an owner code it issued, was
 * accepted): the previous holder has no access any more and is told why its list lost the device (ADR 048).
 */
export const handedOverResourceSchema = resourceSchema('handed-over', {
  item_name: z.string(),
  serial_number: z.string(),
  /** The address the offer was sent to (null for an owner code: the new owner typed it). */
  to_email: z.string().nullable(),
  handed_over_at: wireDate,
})
export const handedOverListDocumentSchema = z.object({ data: z.array(handedOverResourceSchema) })
export type HandedOverResource = z.infer<typeof handedOverResourceSchema>

/** What happened to a device, who did it, and (for settings and on/off) whether the controller took it. */
export const AUDIT_ACTIONS = [
  'settings',
  'schedule',
  'power',
  'edit',
  'archive',
  'unarchive',
  'share-granted',
  'share-changed',
  'share-revoked',
  'share-left',
  'invitation-sent',
  'invitation-cancelled',
  'invitation-accepted',
  'handover-offered',
  'handover',
  /** The owner's fuel settings (calorific value, efficiency, price, hopper capacity). */
  'fuel',
  /** «Засипав бункер»: `changes.kg.to` is how much was poured in. */
  'refill',
  /** The pellet store's settings (capacity, delivery lead time, reserve). */
  'pellet-store',
  /** A delivery of pellets to the store: `changes.kg.to`, `changes.delivered_at.to`. */
  'pellet-delivery',
  /** A delivery removed as a mistake: `changes.kg.from`, `changes.delivered_at.from`. */
  'pellet-delivery-removed',
  /** The heating season's days changed: `changes.season_start` / `changes.season_end` ('MM-DD' from → to). */
  'heating-season',
  /** A maintenance task done: `changes.task.to`, `changes.done_at.to`, `changes.note.to`. */
  'maintenance-done',
  /** A maintenance task's interval changed: `changes.<task>.from` → `.to` (in the task's unit). */
  'maintenance-interval',
] as const
export type AuditAction = (typeof AUDIT_ACTIONS)[number]

/** pending: sent, the controller has not answered; superseded: a later change went out before it answered. */
export const AUDIT_OUTCOMES = ['pending', 'applied', 'refused', 'superseded'] as const
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number]

export const auditChangeSchema = z.object({
  from: z.union([z.string(), z.number(), z.boolean()]).nullable(),
  to: z.union([z.string(), z.number(), z.boolean()]).nullable(),
})

export const auditEntryResourceSchema = z.object({
  type: z.literal('audit-entries'),
  id: z.string(),
  attributes: z.object({
    action: z.enum(AUDIT_ACTIONS),
    at: wireDate,
    /** Who did it; null for an account deleted since (its name stays in actor_name). */
    actor_id: z.string().nullable(),
    actor_name: z.string(),
    /** Field (wire name) → old and new value. */
    changes: z.record(z.string(), auditChangeSchema),
    /** The other party of a share, invitation or handover: its e-mail and level. */
    subject: z.object({ email: z.string(), access: z.string().nullable() }).nullable(),
    outcome: z.enum(AUDIT_OUTCOMES).nullable(),
    /** Why the controller refused, when it did. */
    reason: z.string().nullable(),
  }),
})
export const auditListDocumentSchema = listDocumentSchema(auditEntryResourceSchema)
export type AuditEntryResource = z.infer<typeof auditEntryResourceSchema>
