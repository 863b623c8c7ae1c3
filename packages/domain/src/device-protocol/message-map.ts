import type { z } from 'zod'
import { translateMessage } from '../i18n/messages'
import { errorEventMessageSchema, statusMessageSchema, telemetryMessageSchema } from './device-messages'
import { capabilitiesMessageSchema } from './installation-messages'
import { DEVICE_LINK } from './link-limits'
import { otaDesiredMessageSchema, otaStatusMessageSchema } from './ota-messages'
import { desiredSettingsMessageSchema, settingsAckMessageSchema } from './settings-messages'
import type { DeviceChannel } from './topics'

/** The typed topic map: channel → payload schema. */
export const DEVICE_MESSAGE_SCHEMAS = {
  telemetry: telemetryMessageSchema,
  'events/error': errorEventMessageSchema,
  'settings/desired': desiredSettingsMessageSchema,
  'settings/ack': settingsAckMessageSchema,
  status: statusMessageSchema,
  'ota/desired': otaDesiredMessageSchema,
  'ota/status': otaStatusMessageSchema,
  capabilities: capabilitiesMessageSchema,
} as const satisfies Record<DeviceChannel, z.ZodType>

export type DeviceMessages = { [C in DeviceChannel]: z.infer<(typeof DEVICE_MESSAGE_SCHEMAS)[C]> }

export type DeviceMessage<C extends DeviceChannel> = DeviceMessages[C]

export type ParseResult<T> = { ok: true; message: T } | { ok: false; reason: string }

/** Payload as mqtt.js / Aedes hand it over (Buffer) or as text. */
export type WirePayload = string | Uint8Array

interface TextCodecs {
  TextEncoder: new () => { encode(text: string): Uint8Array }
  TextDecoder: new (label: string, options: { fatal: boolean }) => { decode(bytes: Uint8Array): string }
}

// Both exist in Node and browsers; typed here because the domain package compiles without DOM or Node types.
const codecs = globalThis as unknown as TextCodecs
const utf8 = new codecs.TextDecoder('utf-8', { fatal: true })
const encoder = new codecs.TextEncoder()

export function payloadByteLength(payload: WirePayload): number {
  return typeof payload === 'string' ? encoder.encode(payload).byteLength : payload.byteLength
}

/** Validates a payload received on a channel: size, UTF-8, JSON, schema. Never throws. */
export function parseDeviceMessage<C extends DeviceChannel>(
  channel: C,
  payload: WirePayload,
): ParseResult<DeviceMessage<C>> {
  const size = payloadByteLength(payload)
  if (size > DEVICE_LINK.maxPayloadBytes) {
    return { ok: false, reason: `payload too large: ${size} bytes > ${DEVICE_LINK.maxPayloadBytes}` }
  }
  let text: string
  try {
    text = typeof payload === 'string' ? payload : utf8.decode(payload)
  } catch {
    return { ok: false, reason: 'payload is not UTF-8' }
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return { ok: false, reason: 'payload is not JSON' }
  }
  const result = DEVICE_MESSAGE_SCHEMAS[channel].safeParse(json)
  if (!result.success) {
    const issues = result.error.issues.map(
      (issue) => `${issue.path.join('.') || '(root)'}: ${translateMessage(issue.message, 'uk')}`,
    )
    return { ok: false, reason: `invalid ${channel}: ${issues.join('; ')}` }
  }
  return { ok: true, message: result.data as DeviceMessage<C> }
}

/** Serialises a message for a channel; throws if it would exceed the size limit (a programming error). */
export function encodeDeviceMessage<C extends DeviceChannel>(channel: C, message: DeviceMessage<C>): string {
  const text = JSON.stringify(message)
  const size = payloadByteLength(text)
  if (size > DEVICE_LINK.maxPayloadBytes)
    throw new Error(`${channel} message of ${size} bytes exceeds the limit`)
  return text
}
