import type { LinkHealth } from './link-check.ts'

/** A message as it arrived from the broker, before any validation. */
export type IncomingDeviceMessage = {
  topic: string
  payload: Buffer
}

export type PublishOptions = { qos: 0 | 1; retain: boolean }

/** What the device link needs from a broker, embedded (Aedes) or external (Mosquitto, EMQX). */
export interface DeviceTransport {
  readonly kind: 'embedded' | 'external'
  /** Where devices connect, for logs and tests. */
  readonly address: string
  /** The embedded broker's mqtts:// listener, when TLS is configured. */
  readonly tlsAddress?: string | undefined
  publish(topic: string, payload: string, options: PublishOptions): Promise<void>
  /** Drops a device's live connection (embedded broker only; an external broker owns its sessions). */
  disconnectDevice(serial: string): void
  /**
   * A deleted device: its connection closed and its session (subscriptions, queued messages, will) forgotten,
   * so a new device with the same serial starts clean (embedded broker; see device-link.ts for an external one).
   */
  forgetDevice?(serial: string): Promise<void>
  /**
   * Takes no more device messages (shutdown): what arrives from now on is left unacknowledged, so the broker
   * delivers it again (to this instance after its restart, from its persistent session, or to another one).
   */
  stopReceiving(): Promise<void>
  /** Whether the server is connected to the broker now (always, for the embedded one). */
  connected(): boolean
  /** The link self-check: whether device messages reach this instance through the broker (GET /health). */
  health(): LinkHealth
  /** A clean disconnect: the broker does not treat it as a lost connection. */
  close(): Promise<void>
}

/** Called once a message is stored or dropped for good: only then may the broker acknowledge it (PUBACK). */
export type Settle = () => void

/** Takes a device message; `settle` acknowledges it to the broker once it is safe to. */
export type MessageSink = (message: IncomingDeviceMessage, settle: Settle) => void
