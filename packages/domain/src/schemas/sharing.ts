import { z } from 'zod'
import { ACCESS_LEVELS, SHARE_LEVELS } from '../access-levels'
import { emailField, plainText } from './fields'

const LEVEL_MESSAGE = 'Оберіть рівень доступу'
const TOKEN_MESSAGE = 'Посилання запрошення неповне: відкрийте його з листа ще раз'

/** POST /items/{id}/shares: `owner` offers the device itself (a handover the new owner accepts). */
export const shareCreateSchema = z.object({
  email: emailField({ required: "Email обов'язковий!", invalid: 'Має бути дійсний email!' }),
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
