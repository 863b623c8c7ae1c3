import { z } from 'zod'
import { tokenResponseSchema } from './account'

/** The second factors an account may be asked for at sign-in. */
export const TWO_FACTOR_METHODS = ['totp', 'passkey'] as const
export type TwoFactorMethod = (typeof TWO_FACTOR_METHODS)[number]

/**
 * POST /login (and /password-reset) for an account with two-factor sign-in on: no token yet, a single-use
 * challenge for POST /login/two-factor, valid `expires_in` seconds.
 */
export const twoFactorChallengeSchema = z.object({
  meta: z.object({
    // The first of `methods`: 'totp' when the account has it, else 'passkey'.
    two_factor: z.enum(TWO_FACTOR_METHODS),
    // Every second factor the account has; any one of them completes the sign-in.
    methods: z.array(z.enum(TWO_FACTOR_METHODS)),
    challenge_token: z.string(),
    expires_in: z.number().int(),
  }),
})
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>

/** What a correct password answers: a token, or the second factor still owed. */
export const loginResponseSchema = z.union([tokenResponseSchema, twoFactorChallengeSchema])
export type LoginResponse = z.infer<typeof loginResponseSchema>

/** POST /me/two-factor/totp: the secret for the authenticator app, not in force until confirmed with a code. */
export const totpSetupDocumentSchema = z.object({
  meta: z.object({ uri: z.string(), secret: z.string() }),
})
export type TotpSetupDocument = z.infer<typeof totpSetupDocumentSchema>

/** POST /me/two-factor/totp/confirm: the ten recovery codes, shown this once. */
export const recoveryCodesDocumentSchema = z.object({
  meta: z.object({ recovery_codes: z.array(z.string()) }),
})
export type RecoveryCodesDocument = z.infer<typeof recoveryCodesDocumentSchema>

/** GET /me's `two_factor`: whether a second factor is asked at sign-in, and how. */
export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  totp: z.boolean(),
  recovery_codes_left: z.number().int(),
  // How many passkeys the account has (each a second factor and a sign-in of its own).
  passkeys: z.number().int(),
  // An administrator requires a second factor of this account's role: until it has one, only setting it up works.
  required: z.boolean(),
})
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>

/** GET|PATCH /security-settings (administrators): whether admins and installers must have a second factor. */
export const securitySettingsDocumentSchema = z.object({
  data: z.object({
    type: z.literal('security-settings'),
    id: z.literal('1'),
    attributes: z.object({ require_two_factor: z.boolean() }),
  }),
})
export type SecuritySettingsDocument = z.infer<typeof securitySettingsDocumentSchema>
