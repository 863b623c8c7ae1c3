import { z } from 'zod'
import { msg } from '../i18n/message'
import { passkeyAuthenticationResponseSchema } from './passkeys'

const CODE_REQUIRED = msg('validation.twoFactor.codeOrRecovery')

/** A code typed by a person: six digits from the authenticator app, or a recovery code (`xxxxx-xxxxx`). */
const codeField = z
  .string({ error: CODE_REQUIRED })
  .trim()
  .min(1, { error: CODE_REQUIRED })
  .max(32, { error: msg('validation.twoFactor.codeTooLong') })

/** Guarded by the recent re-authentication (ADR 034): the current password here, or check-password 5 minutes ago. */
const currentPassword = z
  .string({ error: msg('validation.password.current') })
  .min(1, { error: msg('validation.password.current') })
  .optional()

/** POST /me/two-factor/totp and DELETE /me/two-factor/totp. */
export const totpSetupSchema = z.object({ current_password: currentPassword })
export type TotpSetupInput = z.input<typeof totpSetupSchema>
export const totpDisableSchema = totpSetupSchema
export type TotpDisableInput = z.input<typeof totpDisableSchema>

/** POST /me/two-factor/totp/confirm: the first code from the app turns TOTP on. */
export const totpConfirmSchema = z.object({
  code: z
    .string({ error: msg('validation.twoFactor.sixDigits') })
    .trim()
    .regex(/^\d{6}$/, { error: msg('validation.twoFactor.sixDigits') }),
})
export type TotpConfirmInput = z.input<typeof totpConfirmSchema>

/** POST /login/two-factor: the challenge POST /login answered and a code, or a passkey's answer instead. */
export const loginTwoFactorSchema = z
  .object({
    challenge_token: z
      .string({ error: msg('validation.twoFactor.signInExpired') })
      .min(1, { error: msg('validation.twoFactor.signInExpired') })
      .max(200, { error: msg('validation.twoFactor.signInExpired') }),
    code: codeField.optional(),
    passkey: passkeyAuthenticationResponseSchema.optional(),
  })
  .refine((input) => input.code !== undefined || input.passkey !== undefined, {
    error: CODE_REQUIRED,
    path: ['code'],
  })
export type LoginTwoFactorInput = z.input<typeof loginTwoFactorSchema>
export type LoginTwoFactorData = z.infer<typeof loginTwoFactorSchema>

/** PATCH /security-settings. */
export const securitySettingsPatchSchema = z.object({
  require_two_factor: z.boolean({ error: msg('validation.twoFactor.requireFlag') }),
})
export type SecuritySettingsPatchInput = z.input<typeof securitySettingsPatchSchema>
