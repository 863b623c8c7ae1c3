import {
  DEVICE_PUBLISH_CHANNELS,
  type DeviceMessages,
  parseDeviceMessage,
  parseDeviceTopic,
} from '@teplo/domain'
import type { IncomingDeviceMessage } from './device-transport.ts'

type InboundChannel = (typeof DEVICE_PUBLISH_CHANNELS)[number]

/** A validated device-to-server message, tagged with its channel and the sender's serial. */
export type ReceivedMessage = {
  [C in InboundChannel]: {
    channel: C
    serial: string
    message: DeviceMessages[C]
    /** When the server received it (ms since the epoch): the time stored when the device's clock is not trusted. */
    receivedAt?: number
  }
}[InboundChannel]

export type Rejection = { reason: string; serial?: string }

function isInbound(channel: string): channel is InboundChannel {
  return (DEVICE_PUBLISH_CHANNELS as readonly string[]).includes(channel)
}

/** Topic and payload checks of protocol v1; never throws. */
export function readDeviceMessage(incoming: IncomingDeviceMessage): ReceivedMessage | Rejection {
  const topic = parseDeviceTopic(incoming.topic)
  if (!topic) return { reason: 'unknown topic' }
  const { serial, channel } = topic
  if (!isInbound(channel)) return { reason: `${channel} is not a device-to-server channel`, serial }
  const parsed = parseDeviceMessage(channel, incoming.payload)
  if (!parsed.ok) return { reason: parsed.reason, serial }
  return { channel, serial, message: parsed.message } as ReceivedMessage
}

export function isRejection(value: ReceivedMessage | Rejection): value is Rejection {
  return 'reason' in value
}
