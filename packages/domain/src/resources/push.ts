import { z } from 'zod'
import { documentSchema, wireDate } from './document'

/** GET /push/public-key: the server's VAPID public key (base64url), the browser's `applicationServerKey`. */
export const pushPublicKeyDocumentSchema = z.object({
  data: z.object({
    type: z.literal('push-public-keys'),
    id: z.literal('1'),
    attributes: z.object({ public_key: z.string() }),
  }),
})
export type PushPublicKeyDocument = z.infer<typeof pushPublicKeyDocumentSchema>

/** One browser (device) of the signed-in user that receives web push. */
export const pushSubscriptionResourceSchema = z.object({
  type: z.literal('push-subscriptions'),
  id: z.string(),
  attributes: z.object({
    endpoint: z.string(),
    user_agent: z.string().nullable(),
    created_at: wireDate,
    last_success_at: wireDate.nullable(),
    // Failed deliveries since the last one that arrived.
    failures: z.number().int(),
  }),
  links: z.object({ self: z.string() }),
})
export type PushSubscriptionResource = z.infer<typeof pushSubscriptionResourceSchema>
export const pushSubscriptionDocumentSchema = documentSchema(pushSubscriptionResourceSchema)
export const pushSubscriptionListDocumentSchema = z.object({ data: z.array(pushSubscriptionResourceSchema) })
