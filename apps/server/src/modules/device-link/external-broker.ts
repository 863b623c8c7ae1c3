import { allDevicesFilter, DEVICE_PUBLISH_CHANNELS, sharedFilter } from '@teplo/domain'
import type { FastifyBaseLogger } from 'fastify'
import { connect, type IPublishPacket, type MqttClient, type Packet } from 'mqtt'
import { StartupError } from '../../config.ts'
import type { DeviceTransport, MessageSink, PublishOptions } from './device-transport.ts'

export type ExternalBrokerOptions = {
  url: string
  shareGroup: string
  /** The server's persistent session: one id per instance, the same across its restarts. */
  clientId: string
  sessionExpirySeconds: number
  log: FastifyBaseLogger
  onMessage: MessageSink
  connectTimeoutMs?: number
}

/** The broker's address without its password, for messages and logs. */
export function publicBrokerUrl(url: string): string {
  const parsed = new URL(url)
  parsed.password = ''
  return parsed.toString().replace(/\/$/, '')
}

function firstConnect(client: MqttClient, url: string, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const fail = (reason: string) => {
      cleanup()
      reject(
        new StartupError(
          `Cannot connect to the MQTT broker at ${publicBrokerUrl(url)}: ${reason}. ` +
            'Start the broker, fix MQTT_URL, or unset MQTT_URL to use the embedded broker.',
        ),
      )
    }
    const timer = setTimeout(() => fail(`no answer within ${timeoutMs / 1000} s`), timeoutMs)
    const onConnect = () => {
      cleanup()
      resolve()
    }
    const onError = (err: Error) => fail(err.message)
    const cleanup = () => {
      clearTimeout(timer)
      client.off('connect', onConnect)
      client.off('error', onError)
    }
    client.once('connect', onConnect)
    client.once('error', onError)
  })
}

/** QoS 1 messages the broker may send before the server acknowledges any: enough for several batches. */
export const SERVER_RECEIVE_MAXIMUM = 10_000

type SendPacket = (
  packet: Packet,
  cb?: (err?: Error) => void,
  cbStorePut?: () => void,
  noStore?: boolean,
) => void

/**
 * PUBACKs that wait for the ingest. mqtt.js answers a QoS 1 message when its customHandleAcks callback is
 * called, and reads the next message only after that; answering after the write would take one message per
 * batch. So the callback is called at once and the PUBACK itself is held back here until the message is
 * stored: mqtt.js moves on, the broker sees the acknowledgement only once nothing can lose the message.
 */
function holdAcks(client: MqttClient) {
  const held = new Map<number, { stored: boolean; send: (() => void) | null }>()
  const internals = client as unknown as { _sendPacket: SendPacket }
  const send = internals._sendPacket.bind(client)
  internals._sendPacket = (packet, cb, cbStorePut, noStore) => {
    const entry = packet.cmd === 'puback' ? held.get(packet.messageId ?? -1) : undefined
    if (!entry || entry.stored) {
      if (entry) held.delete(packet.messageId ?? -1)
      return send(packet, cb, cbStorePut, noStore)
    }
    entry.send = () => send(packet, undefined, cbStorePut, noStore)
    cb?.()
  }
  // Acknowledgements owed on a connection that dropped are void: the broker delivers those messages again.
  client.on('close', () => held.clear())
  return {
    take(packet: IPublishPacket): () => void {
      const id = packet.messageId
      if (packet.qos !== 1 || id === undefined) return () => {}
      const entry = { stored: false, send: null as (() => void) | null }
      held.set(id, entry)
      return () => {
        if (held.get(id) !== entry) return
        entry.stored = true
        if (entry.send) {
          held.delete(id)
          entry.send()
        }
      }
    },
  }
}

/**
 * The server as a superuser client of an external broker (Mosquitto, EMQX), in a persistent session of its own
 * (a stable client id, clean start off, a session expiry): messages published while it restarts wait in the
 * broker, and each is acknowledged only once stored. Shared subscriptions let several server instances split
 * the device messages between them.
 */
export async function connectExternalBroker(options: ExternalBrokerOptions): Promise<DeviceTransport> {
  const { log, url } = options
  let receiving = true
  const client = connect(url, {
    clientId: options.clientId,
    protocolVersion: 5,
    clean: false,
    properties: {
      sessionExpiryInterval: options.sessionExpirySeconds,
      receiveMaximum: SERVER_RECEIVE_MAXIMUM,
    },
    reconnectPeriod: 2000,
    connectTimeout: 10_000,
    customHandleAcks: (topic, payload, packet, done) => {
      if (receiving) options.onMessage({ topic, payload }, acks.take(packet))
      // Not receiving (stopping): the PUBACK is never sent; the broker keeps the message for the session.
      else acks.take(packet)
      done(0)
    },
  })
  const acks = holdAcks(client)
  try {
    await firstConnect(client, url, options.connectTimeoutMs ?? 15_000)
  } catch (err) {
    await client.endAsync(true)
    throw err
  }

  client.on('reconnect', () =>
    log.warn({ broker: publicBrokerUrl(url) }, 'device link: reconnecting to broker'),
  )
  client.on('connect', () => log.info({ broker: publicBrokerUrl(url) }, 'device link: connected to broker'))
  client.on('error', (err) => log.error({ err: err.message }, 'device link: broker connection error'))

  const filters = DEVICE_PUBLISH_CHANNELS.map((channel) =>
    sharedFilter(options.shareGroup, allDevicesFilter(channel)),
  )
  const granted = await client.subscribeAsync(filters, { qos: 1 })
  const refused = granted.filter((grant) => grant.qos > 2)
  if (refused.length > 0) {
    await client.endAsync(true)
    throw new StartupError(
      `The MQTT broker at ${publicBrokerUrl(url)} refused the server's subscriptions ` +
        `(${refused.map((g) => g.topic).join(', ')}): give the account in MQTT_URL superuser rights.`,
    )
  }

  return {
    kind: 'external',
    address: publicBrokerUrl(url),
    publish: async (topic: string, payload: string, publish: PublishOptions) => {
      await client.publishAsync(topic, payload, { qos: publish.qos, retain: publish.retain })
    },
    disconnectDevice: () => {},
    // The subscriptions stay in the session: while this instance restarts the broker keeps its messages. An
    // instance without a lasting session (expiry 0: leaving for good) unsubscribes first, so that the broker
    // hands later messages to the other instances, and writes what was already on its way.
    stopReceiving: async () => {
      if (options.sessionExpirySeconds === 0 && client.connected) {
        await client.unsubscribeAsync(filters).catch((err: Error) => {
          log.warn({ err: err.message }, 'device link: could not unsubscribe before disconnecting')
        })
      }
      receiving = false
    },
    close: async () => {
      // DISCONNECT with reason 0 (not force): a normal end, so the broker publishes no will for the server.
      await client.endAsync()
    },
  }
}
