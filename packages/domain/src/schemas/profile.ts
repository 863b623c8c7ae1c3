import { z } from 'zod'
import { msg } from '../i18n/message'
import { emailField, passwordField, passwordsMatch, requiredText } from './fields'

const newPassword = passwordField({
  required: msg('validation.password.new'),
  tooShort: msg('validation.password.tooShort'),
})

export const profileNameSchema = z.object({
  name: requiredText(msg('validation.account.nameRequired'), {
    length: 100,
    message: msg('validation.account.nameTooLong'),
  }),
})

export const profilePasswordSchema = z
  .object({
    current_password: z
      .string({ error: msg('validation.password.current') })
      .min(1, { error: msg('validation.password.current') }),
    password: newPassword,
    password_confirmation: z.string({ error: msg('validation.password.confirmNew') }),
  })
  .refine(...passwordsMatch(msg('validation.password.mismatch')))

export const profileEmailSchema = z.object({
  email: emailField({ required: msg('validation.email.required'), invalid: msg('validation.email.invalid') }),
})

/** The current password is confirmed before an e-mail change (spec §5). */
export const checkPasswordSchema = z.object({
  password: z
    .string({ error: msg('validation.password.current') })
    .min(1, { error: msg('validation.password.current') }),
})

/**
 * Deleting one's own account asks for the current password, checked by the server (ADR 006), unless this session
 * confirmed it within the last minutes (ADR 034).
 */
export const accountDeleteSchema = z.object({
  current_password: z
    .string({ error: msg('validation.password.current') })
    .min(1, { error: msg('validation.password.current') })
    .optional(),
})

/** A token from a mailed address link (verification, new address, undo). */
export const emailLinkSchema = z.object({
  token: z
    .string({ error: msg('validation.account.emailLinkInvalid') })
    .min(1, { error: msg('validation.account.emailLinkInvalid') })
    .max(200, { error: msg('validation.account.emailLinkInvalid') }),
})
export type EmailLinkInput = z.input<typeof emailLinkSchema>

export type AccountDeleteInput = z.input<typeof accountDeleteSchema>
export type ProfileNameInput = z.input<typeof profileNameSchema>
export type ProfileNameData = z.infer<typeof profileNameSchema>
export type ProfilePasswordInput = z.input<typeof profilePasswordSchema>
export type ProfilePasswordData = z.infer<typeof profilePasswordSchema>
export type ProfileEmailInput = z.input<typeof profileEmailSchema>
export type ProfileEmailData = z.infer<typeof profileEmailSchema>
export type CheckPasswordInput = z.input<typeof checkPasswordSchema>
export type CheckPasswordData = z.infer<typeof checkPasswordSchema>
