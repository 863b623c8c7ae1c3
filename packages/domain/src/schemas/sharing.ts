import { z } from 'zod'
import { ACCESS_LEVELS, SHARE_LEVELS } from '../access-levels'
import { msg } from '../i18n/message'
import { emailField, plainText } from './fields'

const LEVEL_MESSAGE = msg('validation.sharing.levelRequired')
const TOKEN_MESSAGE = msg('validation.sharing.tokenIncomplete')

/** POST /items/{id}/shares: `owner` offers the device itself (a handover the new owner accepts). */
export const shareCreateSchema = z.object({
  email: emailField({ required: msg('validation.email.required'), invalid: msg('validation.email.invalid') }),
  access: z.enum(ACCESS_LEVELS, { error: LEVEL_MESSAGE }),
})
export type ShareCreateInput = z.input<typeof shareCreateSchema>

/** PATCH /items/{id}/shares/{shareId}: another level (never ownership). */
export const sharePatchSchema = z.object({
  access: z.enum(SHARE_LEVELS, { error: LEVEL_MESSAGE }),
})
export type SharePatchInput = z.input<typeof sharePatchSchema>

/** The secret of a mailed invitation link. */
export const invitationTokenSchema = z.object({
  token: plainText(TOKEN_MESSAGE).trim().min(1, { error: TOKEN_MESSAGE }).max(200, { error: TOKEN_MESSAGE }),
})
export type InvitationTokenInput = z.input<typeof invitationTokenSchema>
