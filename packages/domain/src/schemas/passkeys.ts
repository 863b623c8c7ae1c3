import { z } from 'zod'
import { msg } from '../i18n/message'
import { plainText } from './fields'

const NOT_CONFIRMED = msg('validation.passkeys.notConfirmed')
// Base64url text from the browser's WebAuthn answer; bounded so that no request can carry megabytes.
const b64 = (max = 16_384) =>
  z
    .string({ error: NOT_CONFIRMED })
    .max(max, { error: NOT_CONFIRMED })
    .regex(/^[A-Za-z0-9_-]*$/, { error: NOT_CONFIRMED })
const extensions = z.record(z.string(), z.unknown()).optional().default({})
const attachment = z.enum(['platform', 'cross-platform']).optional()

/** What `navigator.credentials.create()` answered, as @simplewebauthn/browser writes it (RegistrationResponseJSON). */
export const passkeyRegistrationResponseSchema = z.object(
  {
    id: b64(1024),
    rawId: b64(1024),
    type: z.literal('public-key', { error: NOT_CONFIRMED }),
    response: z.object(
      {
        clientDataJSON: b64(),
        attestationObject: b64(),
        authenticatorData: b64().optional(),
        transports: z.array(z.string().max(32)).max(10).optional(),
        publicKeyAlgorithm: z.number().int().optional(),
        publicKey: b64().optional(),
      },
      { error: NOT_CONFIRMED },
    ),
    clientExtensionResults: extensions,
    authenticatorAttachment: attachment,
  },
  { error: NOT_CONFIRMED },
)

/** What `navigator.credentials.get()` answered (AuthenticationResponseJSON). */
export const passkeyAuthenticationResponseSchema = z.object(
  {
    id: b64(1024),
    rawId: b64(1024),
    type: z.literal('public-key', { error: NOT_CONFIRMED }),
    response: z.object(
      {
        clientDataJSON: b64(),
        authenticatorData: b64(),
        signature: b64(),
        userHandle: b64(1024).optional(),
      },
      { error: NOT_CONFIRMED },
    ),
    clientExtensionResults: extensions,
    authenticatorAttachment: attachment,
  },
  { error: NOT_CONFIRMED },
)

/** POST /me/passkeys/options: the recent re-authentication of ADR 034. */
export const passkeyOptionsSchema = z.object({
  current_password: z
    .string({ error: msg('validation.password.current') })
    .min(1, { error: msg('validation.password.current') })
    .optional(),
})

/** POST /me/passkeys: the new passkey, and a name to tell it apart in the list. */
export const passkeyCreateSchema = z.object({
  response: passkeyRegistrationResponseSchema,
  name: plainText(msg('validation.passkeys.nameText'))
    .trim()
    .max(100, { error: msg('validation.passkeys.nameTooLong') })
    .optional(),
})
export type PasskeyCreateInput = z.input<typeof passkeyCreateSchema>

/** POST /login/passkey: a passkey signs in without a password. */
export const passkeyLoginSchema = z.object({
  response: passkeyAuthenticationResponseSchema,
  remember: z.boolean().optional().default(true),
})
export type PasskeyLoginInput = z.input<typeof passkeyLoginSchema>

/** POST /login/two-factor/passkey-options: the challenge of the password step. */
export const passkeySecondFactorOptionsSchema = z.object({
  challenge_token: z
    .string({ error: msg('validation.twoFactor.signInExpired') })
    .min(1, { error: msg('validation.twoFactor.signInExpired') })
    .max(200, { error: msg('validation.twoFactor.signInExpired') }),
})
