import { z } from 'zod'
import { resourceSchema, wireDate } from './document'

/** GET /me/passkeys: one passkey of the account. */
export const passkeyResourceSchema = resourceSchema('passkeys', {
  name: z.string(),
  created_at: wireDate,
  last_used_at: wireDate.nullable(),
})
export type PasskeyResource = z.infer<typeof passkeyResourceSchema>
export const passkeyDocumentSchema = z.object({ data: passkeyResourceSchema })
export const passkeyListDocumentSchema = z.object({
  data: z.array(passkeyResourceSchema),
  meta: z.object({ total: z.number().int() }),
})
export type PasskeyListDocument = z.infer<typeof passkeyListDocumentSchema>

/**
 * The WebAuthn options for `navigator.credentials.create()` / `.get()` (PublicKeyCredentialCreationOptionsJSON,
 * PublicKeyCredentialRequestOptionsJSON): passed to @simplewebauthn/browser as they are.
 */
export const passkeyOptionsDocumentSchema = z.object({
  meta: z.object({ options: z.record(z.string(), z.unknown()) }),
})
export type PasskeyOptionsDocument = z.infer<typeof passkeyOptionsDocumentSchema>
