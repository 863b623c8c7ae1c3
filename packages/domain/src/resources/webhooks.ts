import { z } from 'zod'
import { WEBHOOK_EVENTS } from '../schemas/webhooks'
import { documentSchema, listDocumentSchema, resourceSchema, wireDate } from './document'

// An account's webhooks (docs/integrations.md "Webhooks", ADR 061) and the log of their deliveries.

export const WEBHOOK_TYPE = 'webhooks'
export const WEBHOOK_DELIVERY_TYPE = 'webhook-deliveries'

export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivered', 'failed', 'skipped'] as const
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number]

const webhookAttributes = {
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  /** The devices it is limited to; null: every device the account can see. */
  item_ids: z.array(z.number().int()).nullable(),
  enabled: z.boolean(),
  /** Why the server turned it off (after repeated failure); null while enabled or turned off by the owner. */
  disabled_reason: z.string().nullable(),
  /** Failed attempts in a row since the last delivery that arrived. */
  failures: z.number().int(),
  last_success_at: wireDate.nullable(),
  created_at: wireDate,
  updated_at: wireDate,
}

export const webhookResourceSchema = resourceSchema(WEBHOOK_TYPE, webhookAttributes)
export type WebhookResource = z.infer<typeof webhookResourceSchema>
export const webhookDocumentSchema = documentSchema(webhookResourceSchema)
export const webhookListDocumentSchema = z.object({ data: z.array(webhookResourceSchema) })

/** The answer to POST /me/webhooks: the webhook with its signing secret, shown this once. */
export const webhookCreatedDocumentSchema = documentSchema(
  resourceSchema(WEBHOOK_TYPE, { ...webhookAttributes, secret: z.string() }),
)
export type WebhookCreatedDocument = z.infer<typeof webhookCreatedDocumentSchema>

export const webhookDeliveryResourceSchema = resourceSchema(WEBHOOK_DELIVERY_TYPE, {
  /** The event's id (the payload's `id` and the Teplo-Webhook-Id header): the same on every attempt. */
  event_id: z.string(),
  event_type: z.string(),
  item_id: z.number().int().nullable(),
  state: z.enum(WEBHOOK_DELIVERY_STATES),
  attempts: z.number().int(),
  /** The receiver's HTTP status of the last attempt; null when it was not reached. */
  last_status: z.number().int().nullable(),
  /** What went wrong on the last attempt (not reached, a timeout, a refused address, a status). */
  last_error: z.string().nullable(),
  next_attempt_at: wireDate.nullable(),
  created_at: wireDate,
  delivered_at: wireDate.nullable(),
})
export type WebhookDeliveryResource = z.infer<typeof webhookDeliveryResourceSchema>
export const webhookDeliveryDocumentSchema = documentSchema(webhookDeliveryResourceSchema)
export const webhookDeliveryListDocumentSchema = listDocumentSchema(webhookDeliveryResourceSchema)
