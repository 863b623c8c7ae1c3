import { z } from 'zod'
import { LANGUAGES } from '../languages'
import {
  documentSchema,
  listDocumentSchema,
  resourceSchema,
  timestampsShape,
  toManySchema,
  wireDate,
  withIncluded,
} from './document'
import { twoFactorStatusSchema } from './two-factor'

export const roleResourceSchema = resourceSchema('roles', { name: z.string(), ...timestampsShape })
export const roleDocumentSchema = documentSchema(roleResourceSchema)
export const roleListDocumentSchema = listDocumentSchema(roleResourceSchema)

export const tagResourceSchema = resourceSchema('tags', {
  name: z.string(),
  color: z.string(),
  ...timestampsShape,
})
export const tagDocumentSchema = documentSchema(tagResourceSchema)
export const tagListDocumentSchema = listDocumentSchema(tagResourceSchema)

export const categoryResourceSchema = resourceSchema('categories', {
  name: z.string(),
  description: z.string(),
  ...timestampsShape,
})
export const categoryDocumentSchema = documentSchema(categoryResourceSchema)
export const categoryListDocumentSchema = listDocumentSchema(categoryResourceSchema)

const accountAttributes = {
  name: z.string(),
  email: z.string(),
  profile_image: z.string().nullable(),
  ...timestampsShape,
}
const rolesRelationship = z.object({ roles: toManySchema('roles') })

/** A user account (administration screens, a device's owner); `include=roles` adds the roles. */
export const userResourceSchema = resourceSchema('users', accountAttributes).extend({
  relationships: rolesRelationship,
})
export const userDocumentSchema = withIncluded(documentSchema(userResourceSchema), roleResourceSchema)
export const userListDocumentSchema = withIncluded(listDocumentSchema(userResourceSchema), roleResourceSchema)

/**
 * The signed-in account (GET/PATCH /me): a users resource whose self link is /api/v2/me, with the account's
 * language (its e-mails, pushes and screens).
 */
export const profileResourceSchema = resourceSchema('users', {
  ...accountAttributes,
  language: z.enum(LANGUAGES),
  // When the address was proven by a mailed link (null: not yet; address-matched invitations wait for it).
  email_verified_at: wireDate.nullable(),
  // A new address waiting for the link mailed to it to be opened.
  pending_email: z.string().nullable(),
  // Two-factor sign-in (ADR 041): on or off, by which method, and how many recovery codes are still unused.
  two_factor: twoFactorStatusSchema,
}).extend({
  relationships: rolesRelationship,
})
export const profileDocumentSchema = withIncluded(documentSchema(profileResourceSchema), roleResourceSchema)
export type ProfileDocument = z.infer<typeof profileDocumentSchema>
