import { z } from 'zod'
import { msg } from '../i18n/message'
import { MAX_ID } from '../limits'
import { plainText } from './fields'

/** What a webhook may subscribe to (docs/integrations.md "Webhooks", ADR 061). */
export const WEBHOOK_EVENTS = [
  'alarm.raised',
  'alarm.cleared',
  'settings.applied',
  'settings.refused',
  'device.online',
  'device.offline',
  'fuel.reorder',
  'maintenance.due',
] as const
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number]
/** The event `POST /me/webhooks/{id}/test` sends; never subscribed to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test'

export const WEBHOOK_URL_MAX_LENGTH = 2048
/** Devices one webhook may name (none: every device the account can see). */
export const WEBHOOK_MAX_ITEMS = 100
/** Webhooks per account. */
export const WEBHOOKS_PER_ACCOUNT = 10

export const isWebhookEvent = (value: string): value is WebhookEvent =>
  (WEBHOOK_EVENTS as readonly string[]).includes(value)

// Written without URL (this package runs anywhere): http(s), a host without user info, then an optional path.
// Whether http:// and private addresses are allowed is the server's to say (WEBHOOK_ALLOW_PRIVATE).
const WEBHOOK_URL = /^https?:\/\/[^\s/?#@\\]+(?:[/?#]\S*)?$/

const url = plainText(msg('validation.webhooks.urlRequired'))
  .min(1, { error: msg('validation.webhooks.urlRequired') })
  .max(WEBHOOK_URL_MAX_LENGTH, {
    error: msg('validation.webhooks.urlTooLong', { max: WEBHOOK_URL_MAX_LENGTH }),
  })
  .refine((value) => WEBHOOK_URL.test(value), { error: msg('validation.webhooks.urlInvalid') })

const events = z
  .array(z.enum(WEBHOOK_EVENTS, { error: msg('validation.webhooks.eventUnknown') }), {
    error: msg('validation.webhooks.eventsRequired'),
  })
  .min(1, { error: msg('validation.webhooks.eventsRequired') })
  .transform((list) => [...new Set(list)])

const itemIds = z
  .array(
    z
      .number({ error: msg('validation.webhooks.itemIds') })
      .int({ error: msg('validation.webhooks.itemIds') })
      .min(1, { error: msg('validation.webhooks.itemIds') })
      .max(MAX_ID, { error: msg('validation.webhooks.itemIds') }),
    { error: msg('validation.webhooks.itemIds') },
  )
  .max(WEBHOOK_MAX_ITEMS, { error: msg('validation.webhooks.tooManyItems', { max: WEBHOOK_MAX_ITEMS }) })
  .transform((list) => [...new Set(list)])

/** POST /me/webhooks. `item_ids` absent, null or empty: every device the account can see. */
export const webhookCreateSchema = z.object({
  url,
  events,
  item_ids: itemIds.nullable().optional(),
})
export type WebhookCreateInput = z.input<typeof webhookCreateSchema>

/** PATCH /me/webhooks/{id}: any of the members; `enabled: true` turns a disabled webhook on again. */
export const webhookPatchSchema = z.object({
  url: url.optional(),
  events: events.optional(),
  item_ids: itemIds.nullable().optional(),
  enabled: z.boolean({ error: msg('validation.webhooks.enabled') }).optional(),
})
export type WebhookPatchInput = z.input<typeof webhookPatchSchema>
