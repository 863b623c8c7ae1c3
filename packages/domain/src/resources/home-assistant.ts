import { z } from 'zod'
import { resourceSchema, wireDate } from './document'

// The account's connection to its own MQTT broker for Home Assistant (docs/integrations.md, ADR 062).

export const HOME_ASSISTANT_TYPE = 'home-assistant-links' as const

/**
 * connecting: not yet connected (just saved, or trying again after a loss); connected: the devices are published;
 * failed: the broker refused or could not be reached (`last_error` says why) — Teplo keeps trying.
 */
export const HOME_ASSISTANT_STATES = ['connecting', 'connected', 'failed'] as const
export type HomeAssistantState = (typeof HOME_ASSISTANT_STATES)[number]

export const homeAssistantResourceSchema = resourceSchema(HOME_ASSISTANT_TYPE, {
  broker_url: z.string(),
  username: z.string().nullable(),
  /** Whether a password is stored; the password itself is never answered. */
  has_password: z.boolean(),
  discovery_prefix: z.string(),
  /** The devices it is limited to; null: every device the account can see. */
  item_ids: z.array(z.number().int()).nullable(),
  state: z.enum(HOME_ASSISTANT_STATES),
  /** Why the last attempt failed (a refused login, an unreachable or non-public address …); null when connected. */
  last_error: z.string().nullable(),
  connected_at: wireDate.nullable(),
  /** The devices whose entities are published on the broker now. */
  published_item_ids: z.array(z.number().int()),
  created_at: wireDate,
  updated_at: wireDate,
})
export type HomeAssistantResource = z.infer<typeof homeAssistantResourceSchema>
/** GET /me/home-assistant: the connection, or null when the account has none. */
export const homeAssistantDocumentSchema = z.object({ data: homeAssistantResourceSchema.nullable() })
export type HomeAssistantDocument = z.infer<typeof homeAssistantDocumentSchema>
