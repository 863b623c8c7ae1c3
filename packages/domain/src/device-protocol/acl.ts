import { type DeviceChannel, isDeviceSerial, parseDeviceTopic, topicFor } from './topics'

/** Channels a device publishes on. */
export const DEVICE_PUBLISH_CHANNELS = [
  'telemetry',
  'events/error',
  'settings/ack',
  'status',
] as const satisfies readonly DeviceChannel[]

/** Channels a device subscribes to. */
export const DEVICE_SUBSCRIBE_CHANNELS = ['settings/desired'] as const satisfies readonly DeviceChannel[]

/** A device (MQTT username = its serial) may publish only on its own device-to-server channels. */
export function deviceMayPublish(username: string | null | undefined, topic: string): boolean {
  if (!username) return false
  const parsed = parseDeviceTopic(topic)
  if (!parsed || parsed.serial !== username) return false
  return (DEVICE_PUBLISH_CHANNELS as readonly string[]).includes(parsed.channel)
}

/** A device may subscribe only to its own desired settings, spelled exactly (no wildcards, no $share). */
export function deviceMaySubscribe(username: string | null | undefined, topicFilter: string): boolean {
  // A username such as '+' would otherwise build a wildcard filter over every device.
  if (!username || !isDeviceSerial(username)) return false
  return DEVICE_SUBSCRIBE_CHANNELS.some((channel) => topicFilter === topicFor(username, channel))
}

/** The broker's ACL question as mosquitto-go-auth asks it: acc 1 read, 2 write, 3 read+write, 4 subscribe. */
export function deviceAclAllows(
  username: string | null | undefined,
  topic: string,
  acc: 1 | 2 | 3 | 4,
): boolean {
  const mayRead = () => deviceMaySubscribe(username, topic)
  switch (acc) {
    case 1:
    case 4:
      return mayRead()
    case 2:
      return deviceMayPublish(username, topic)
    case 3:
      return mayRead() && deviceMayPublish(username, topic)
  }
}
