import { z } from 'zod'
import { passkeyAuthenticationResponseSchema } from './passkeys'

const CODE_REQUIRED = 'Введіть код із застосунку або код відновлення'

/** A code typed by a person: six digits from the authenticator app, or a recovery code (`xxxxx-xxxxx`). */
const codeField = z
  .string({ error: CODE_REQUIRED })
  .trim()
  .min(1, { error: CODE_REQUIRED })
  .max(32, { error: 'Код задовгий' })

/** Guarded by the recent re-authentication (ADR 034): the current password here, or check-password 5 minutes ago. */
const currentPassword = z
  .string({ error: 'Введіть поточний пароль' })
  .min(1, { error: 'Введіть поточний пароль' })
  .optional()

/** POST /me/two-factor/totp and DELETE /me/two-factor/totp. */
export const totpSetupSchema = z.object({ current_password: currentPassword })
export type TotpSetupInput = z.input<typeof totpSetupSchema>
export const totpDisableSchema = totpSetupSchema
export type TotpDisableInput = z.input<typeof totpDisableSchema>

/** POST /me/two-factor/totp/confirm: the first code from the app turns TOTP on. */
export const totpConfirmSchema = z.object({
  code: z
    .string({ error: 'Введіть шестизначний код із застосунку' })
    .trim()
    .regex(/^\d{6}$/, { error: 'Введіть шестизначний код із застосунку' }),
})
export type TotpConfirmInput = z.input<typeof totpConfirmSchema>

/** POST /login/two-factor: the challenge POST /login answered and a code, or a passkey's answer instead. */
export const loginTwoFactorSchema = z
  .object({
    challenge_token: z
      .string({ error: 'Час на підтвердження входу минув. Увійдіть знову.' })
      .min(1, { error: 'Час на підтвердження входу минув. Увійдіть знову.' })
      .max(200, { error: 'Час на підтвердження входу минув. Увійдіть знову.' }),
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
  require_two_factor: z.boolean({ error: 'require_two_factor має бути true або false' }),
})
export type SecuritySettingsPatchInput = z.input<typeof securitySettingsPatchSchema>
