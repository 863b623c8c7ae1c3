import { type DeviceChannel, isDeviceSerial, parseDeviceTopic, topicFor } from './topics'

/** Channels a device publishes on. */
export const DEVICE_PUBLISH_CHANNELS = [
  'telemetry',
  'events/error',
  'settings/ack',
  'status',
  'ota/status',
  'capabilities',
] as const satisfies readonly DeviceChannel[]

/** Channels a device subscribes to. */
export const DEVICE_SUBSCRIBE_CHANNELS = [
  'settings/desired',
  'ota/desired',
] as const satisfies readonly DeviceChannel[]

/** A device (MQTT username = its serial) may publish only on its own device-to-server channels. */
export function deviceMayPublish(username: string | null | undefined, topic: string): boolean {
  if (!username) return false
  const parsed = parseDeviceTopic(topic)
  if (!parsed || parsed.serial !== username) return false
  return (DEVICE_PUBLISH_CHANNELS as readonly string[]).includes(parsed.channel)
}

/** A device may subscribe only to its own desired settings and firmware, spelled exactly (no wildcards, no $share). */
export function deviceMaySubscribe(username: string | null | undefined, topicFilter: string): boolean {
  // A username such as '+' would otherwise build a wildcard filter over every device.
  if (!username || !isDeviceSerial(username)) return false
  return DEVICE_SUBSCRIBE_CHANNELS.some((channel) => topicFilter === topicFor(username, channel))
}
