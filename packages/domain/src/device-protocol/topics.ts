/** Version of the device protocol; it is also the `v1` segment of every topic. */
export const PROTOCOL_VERSION = 1

/** Every device topic lives under `teplo/v1/devices/<serial>/`. */
export const DEVICE_TOPIC_ROOT = `teplo/v${PROTOCOL_VERSION}/devices`

/** Channels of one device, relative to its topic prefix. */
export const DEVICE_CHANNELS = [
  'telemetry',
  'events/error',
  'settings/desired',
  'settings/ack',
  'status',
  'ota/desired',
  'ota/status',
  'capabilities',
] as const

export type DeviceChannel = (typeof DEVICE_CHANNELS)[number]

/** Same rule as the item's serial_number: digits, not all zeros, at most 32 characters. */
const SERIAL_PATTERN = /^(?=\d{1,32}$)0*[1-9]\d*$/

export function isDeviceSerial(value: string): boolean {
  return SERIAL_PATTERN.test(value)
}

export function isDeviceChannel(value: string): value is DeviceChannel {
  return (DEVICE_CHANNELS as readonly string[]).includes(value)
}

export function deviceTopicPrefix(serial: string): string {
  return `${DEVICE_TOPIC_ROOT}/${serial}`
}

export function topicFor(serial: string, channel: DeviceChannel): string {
  return `${deviceTopicPrefix(serial)}/${channel}`
}

/** MQTT client id of a controller; one session per device. */
export function deviceClientId(serial: string): string {
  return `teplo-${serial}`
}

export interface DeviceTopic {
  serial: string
  channel: DeviceChannel
}

/** Splits a concrete topic into serial and channel; wildcards, other roots and unknown channels give null. */
export function parseDeviceTopic(topic: string): DeviceTopic | null {
  const root = `${DEVICE_TOPIC_ROOT}/`
  if (!topic.startsWith(root)) return null
  const rest = topic.slice(root.length)
  const slash = rest.indexOf('/')
  if (slash < 0) return null
  const serial = rest.slice(0, slash)
  const channel = rest.slice(slash + 1)
  if (!isDeviceSerial(serial) || !isDeviceChannel(channel)) return null
  return { serial, channel }
}

/** Topic filter matching one channel of every device (for the server's subscriptions). */
export function allDevicesFilter(channel: DeviceChannel): string {
  return `${DEVICE_TOPIC_ROOT}/+/${channel}`
}

/** MQTT 5 / Mosquitto 2 / EMQX shared subscription, so several server instances split the ingest. */
export function sharedFilter(group: string, filter: string): string {
  return `$share/${group}/${filter}`
}
