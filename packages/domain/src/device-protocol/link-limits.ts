import type { DeviceChannel } from './topics'

/** Timing and size rules of the device link (protocol v1). */
export const DEVICE_LINK = {
  /** Larger payloads are dropped unread. */
  maxPayloadBytes: 4096,
  /**
   * Largest MQTT packet a broker takes from a device (fixed header included): a larger one closes the
   * connection before it is read (embedded broker; Mosquitto's max_packet_size, docs/operations.md).
   */
  maxPacketBytes: 65_536,
  /** MQTT keepalive a device uses; the broker drops a dead connection after 1.5 × keepalive. */
  keepaliveSeconds: 10,
  /** A device sends telemetry at least this often, even when nothing changed. */
  maxTelemetryIntervalSeconds: 10,
  /** Silence after which the server shows the device as 'connecting' ("з'єднання немає"). */
  offlineAfterSeconds: 30,
  /**
   * A device whose telemetry reports an older settings_version than desired is sent the desired set again, at
   * most this often (pending or not).
   */
  resendAfterSeconds: 30,
  /** A refused or failed connection is retried after an exponential, jittered delay from 1 s up to this. */
  reconnectBackoffMaxSeconds: 300,
  reconnectBackoffBaseSeconds: 1,
  /** Longest text of a refusal reason or an id. */
  maxReasonLength: 500,
  maxIdLength: 64,
  /** Largest settings version, ack version and stored sequence number: a signed 32-bit integer (2³¹−1). */
  maxVersion: 2_147_483_647,
  /** A reading or event dated further ahead of the server's clock than this is not trusted (see ADR 017). */
  maxClockAheadSeconds: 300,
} as const

export type MessageDirection = 'device-to-server' | 'server-to-device'

export interface ChannelRule {
  direction: MessageDirection
  /** QoS the sender uses; telemetry may also go at QoS 0 on constrained links. */
  qos: 0 | 1
  retain: boolean
}

export const CHANNEL_RULES: Readonly<Record<DeviceChannel, ChannelRule>> = {
  telemetry: { direction: 'device-to-server', qos: 1, retain: false },
  'events/error': { direction: 'device-to-server', qos: 1, retain: false },
  'settings/desired': { direction: 'server-to-device', qos: 1, retain: true },
  'settings/ack': { direction: 'device-to-server', qos: 1, retain: false },
  status: { direction: 'device-to-server', qos: 1, retain: true },
  'ota/desired': { direction: 'server-to-device', qos: 1, retain: true },
  'ota/status': { direction: 'device-to-server', qos: 1, retain: false },
  capabilities: { direction: 'device-to-server', qos: 1, retain: true },
}
