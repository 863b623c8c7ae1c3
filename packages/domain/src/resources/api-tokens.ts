import { z } from 'zod'
import { API_TOKEN_SCOPES } from '../schemas/api-tokens'
import { documentSchema, resourceSchema, wireDate } from './document'

/** GET /me/api-tokens: one of the account's personal API tokens (never its secret). */
export const apiTokenResourceSchema = resourceSchema('api-tokens', {
  name: z.string(),
  /** The token's first characters, to recognise it (`teplo_pat_AbC1…`). */
  prefix: z.string(),
  scopes: z.array(z.enum(API_TOKEN_SCOPES)),
  /** The devices it may reach (ids); null: every device the account can reach. */
  item_ids: z.array(z.string()).nullable(),
  expires_at: wireDate.nullable(),
  created_at: wireDate,
  last_used_at: wireDate.nullable(),
  /** The address it was last used from. */
  last_address: z.string().nullable(),
})
export type ApiTokenResource = z.infer<typeof apiTokenResourceSchema>

export const apiTokenListDocumentSchema = z.object({
  data: z.array(apiTokenResourceSchema),
  meta: z.object({ total: z.number().int() }),
})
export type ApiTokenListDocument = z.infer<typeof apiTokenListDocumentSchema>

/** POST /me/api-tokens: the new token, its secret in `meta.token`, shown this once. */
export const apiTokenCreatedDocumentSchema = documentSchema(apiTokenResourceSchema).extend({
  meta: z.object({ token: z.string() }),
})
export type ApiTokenCreatedDocument = z.infer<typeof apiTokenCreatedDocumentSchema>
