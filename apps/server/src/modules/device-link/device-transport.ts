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
   * Takes no more device messages (shutdown): unsubscribed, the broker hands them to the other instances or
   * keeps them, instead of this one acknowledging messages it will not write.
   */
  stopReceiving(): Promise<void>
  /** A clean disconnect: the broker does not treat it as a lost connection. */
  close(): Promise<void>
}

export type MessageSink = (message: IncomingDeviceMessage) => void
