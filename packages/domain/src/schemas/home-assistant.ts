import { z } from 'zod'
import { msg } from '../i18n/message'
import { MAX_ID } from '../limits'
import { plainText } from './fields'

// Home Assistant through MQTT discovery (docs/integrations.md "Home Assistant", ADR 062): the owner's own broker,
// to which Teplo connects out and publishes their devices.

export const HOME_ASSISTANT_URL_MAX_LENGTH = 512
export const HOME_ASSISTANT_DEFAULT_PREFIX = 'homeassistant'
/** Devices one connection may name (none: every device the account can see). */
export const HOME_ASSISTANT_MAX_ITEMS = 100

// Written without URL (this package runs anywhere): mqtt:// or mqtts://, a host (no user info: the credentials are
// fields of their own) and an optional port. Whether private addresses are allowed is the server's to say.
const BROKER_URL = /^mqtts?:\/\/(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?\/?$/i
// Topic levels of letters, digits, _ and -: no wildcards, no empty level, no leading or trailing slash.
const TOPIC_PREFIX = /^[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*$/

const brokerUrl = plainText(msg('validation.homeAssistant.brokerUrlRequired'))
  .trim()
  .min(1, { error: msg('validation.homeAssistant.brokerUrlRequired') })
  .max(HOME_ASSISTANT_URL_MAX_LENGTH, {
    error: msg('validation.homeAssistant.brokerUrlTooLong', { max: HOME_ASSISTANT_URL_MAX_LENGTH }),
  })
  .refine((value) => BROKER_URL.test(value) && portInRange(value), {
    error: msg('validation.homeAssistant.brokerUrlInvalid'),
  })

function portInRange(value: string): boolean {
  const port = /:(\d{1,5})\/?$/.exec(value.replace(/^mqtts?:\/\//i, ''))
  return !port || (Number(port[1]) >= 1 && Number(port[1]) <= 65535)
}

const username = plainText(msg('validation.homeAssistant.username'))
  .max(128, { error: msg('validation.homeAssistant.username') })
  .nullable()
  .optional()
const password = plainText(msg('validation.homeAssistant.password'))
  .max(256, { error: msg('validation.homeAssistant.password') })
  .nullable()
  .optional()

const discoveryPrefix = plainText(msg('validation.homeAssistant.discoveryPrefix'))
  .max(64, { error: msg('validation.homeAssistant.discoveryPrefix') })
  .refine((value) => TOPIC_PREFIX.test(value), { error: msg('validation.homeAssistant.discoveryPrefix') })

const itemIds = z
  .array(
    z
      .number({ error: msg('validation.homeAssistant.itemIds') })
      .int({ error: msg('validation.homeAssistant.itemIds') })
      .min(1, { error: msg('validation.homeAssistant.itemIds') })
      .max(MAX_ID, { error: msg('validation.homeAssistant.itemIds') }),
    { error: msg('validation.homeAssistant.itemIds') },
  )
  .max(HOME_ASSISTANT_MAX_ITEMS, {
    error: msg('validation.homeAssistant.tooManyItems', { max: HOME_ASSISTANT_MAX_ITEMS }),
  })
  .transform((list) => [...new Set(list)])

/**
 * PUT /me/home-assistant: the whole connection. `password` left out keeps the stored one while the broker and the
 * user name stay the same; null or a new broker drops it. `item_ids` absent, null or empty: every device the
 * account can see.
 */
export const homeAssistantPutSchema = z.object({
  broker_url: brokerUrl,
  username,
  password,
  discovery_prefix: discoveryPrefix.default(HOME_ASSISTANT_DEFAULT_PREFIX),
  item_ids: itemIds.nullable().optional(),
})
export type HomeAssistantPutInput = z.input<typeof homeAssistantPutSchema>
export type HomeAssistantPut = z.output<typeof homeAssistantPutSchema>
