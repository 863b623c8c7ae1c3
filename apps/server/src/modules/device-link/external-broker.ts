import { allDevicesFilter, DEVICE_PUBLISH_CHANNELS, sharedFilter } from '@teplo/domain'
import type { FastifyBaseLogger } from 'fastify'
import { connect, type IPublishPacket, type MqttClient, type Packet } from 'mqtt'
import { StartupError } from '../../config.ts'
import type { DeviceTransport, MessageSink, PublishOptions } from './device-transport.ts'
import { LINK_CHECK_TOPIC, LinkCheck } from './link-check.ts'

export type ExternalBrokerOptions = {
  url: string
  shareGroup: string
  /** The server's persistent session: one id per instance, the same across its restarts. */
  clientId: string
  sessionExpirySeconds: number
  log: FastifyBaseLogger
  onMessage: MessageSink
  /** How long to keep trying the first connection (MQTT_CONNECT_RETRY_SECONDS). */
  retryForMs?: number
  /** The link self-check's period (MQTT_LINK_CHECK_SECONDS). */
  linkCheckMs?: number
}

/** The broker's address without its password, for messages and logs. */
export function publicBrokerUrl(url: string): string {
  const parsed = new URL(url)
  parsed.password = ''
  return parsed.toString().replace(/\/$/, '')
}

const FIRST_RETRY_MS = 1000
const REFUSED_RETRY_MS = 30_000
const RECONNECT_MS = 500
const RECONNECT_LOG_EVERY_MS = 10_000
const LONGEST_RETRY_MS = 10_000

/**
 * Waits for the first connection, retrying with doubling pauses (1 s up to 10 s) for `retryForMs`: a broker
 * that starts after the server (systemd, compose) or refuses for a moment is waited for, and every failed
 * attempt says so in the log. Then the start fails naming the broker.
 */
export function firstConnect(
  client: MqttClient,
  url: string,
  retryForMs: number,
  log?: FastifyBaseLogger,
): Promise<void> {
  const broker = publicBrokerUrl(url)
  const started = Date.now()
  // The pauses are ours until the first connection; then mqtt.js reconnects at its own period.
  const period = client.options.reconnectPeriod ?? FIRST_RETRY_MS
  client.options.reconnectPeriod = 0
  let retry: NodeJS.Timeout | undefined
  return new Promise((resolve, reject) => {
    let lastReason = 'no answer'
    let attempt = 0
    const fail = () => {
      cleanup()
      reject(
        new StartupError(
          `Cannot connect to the MQTT broker at ${broker} within ${Math.round(retryForMs / 1000)} s ` +
            `(${attempt} attempts; last: ${lastReason}). Start the broker, fix MQTT_URL, or unset MQTT_URL ` +
            'to use the embedded broker (MQTT_CONNECT_RETRY_SECONDS sets how long to wait).',
        ),
      )
    }
    const timer = setTimeout(fail, retryForMs)
    const onConnect = () => {
      cleanup()
      resolve()
    }
    const onError = (err: Error) => {
      lastReason = err.message
    }
    const onClose = () => {
      attempt += 1
      const pause = Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** (attempt - 1))
      const left = retryForMs - (Date.now() - started)
      log?.warn(
        {
          broker,
          attempt,
          reason: lastReason,
          retryInMs: pause,
          giveUpInS: Math.max(0, Math.round(left / 1000)),
        },
        'device link: broker not reachable yet; retrying',
      )
      clearTimeout(retry)
      retry = setTimeout(() => client.reconnect(), Math.min(pause, Math.max(0, left)))
    }
    const cleanup = () => {
      clearTimeout(timer)
      clearTimeout(retry)
      client.options.reconnectPeriod = period
      client.off('connect', onConnect)
      client.off('error', onError)
      client.off('close', onClose)
    }
    client.once('connect', onConnect)
    client.on('error', onError)
    client.on('close', onClose)
  })
}

/** The message of a refused subscription, naming what to fix (never an unhandled ErrorWithSubackPacket). */
export function subscriptionRefused(url: string, filters: string[], cause: string): StartupError {
  return new StartupError(
    `The MQTT broker at ${publicBrokerUrl(url)} refused the server's subscriptions (${filters.join(', ')}): ` +
      `${cause}. Give the account in MQTT_URL the right to subscribe to them (shared subscriptions ` +
      'included), see docs/operations.md.',
  )
}

/**
 * Subscribes to the server's filters and checks the SUBACK: null when every filter was granted, else the
 * refused filters and why (a rejected SUBSCRIBE, a failure reason code such as 0x87 not authorised, or a
 * connection lost before the SUBACK).
 */
export async function subscribeAll(
  client: MqttClient,
  filters: string[],
): Promise<{ filters: string[]; cause: string } | null> {
  let granted: { topic: string; qos: number }[]
  try {
    granted = await client.subscribeAsync(filters, { qos: 1 })
  } catch (err) {
    // MQTT 5 SUBACK with a failure reason (0x87 not authorised): mqtt.js rejects with ErrorWithSubackPacket.
    return { filters, cause: (err as Error).message }
  }
  const refused = granted.filter((grant) => grant.qos > 2)
  if (refused.length === 0) return null
  return {
    filters: refused.map((g) => g.topic),
    cause: `SUBACK ${refused.map((g) => `0x${g.qos.toString(16)}`).join(', ')}`,
  }
}

/** The server instances' shared subscriptions: every device-to-server channel of every device. */
export function serverFilters(shareGroup: string): string[] {
  return DEVICE_PUBLISH_CHANNELS.map((channel) => sharedFilter(shareGroup, allDevicesFilter(channel)))
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
export function holdAcks(client: MqttClient) {
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
    // Back quickly after a broker restart: on Mosquitto 2.0 a device message published after the restart and
    // before the server has subscribed again matches no subscription and is dropped, though acknowledged to the
    // device. Controllers wait longer before reconnecting (docs/device-protocol.md), so the server is back first.
    reconnectPeriod: RECONNECT_MS,
    connectTimeout: 10_000,
    // Subscriptions are renewed after every connection by the 'connect' handler below, SUBACK checked.
    resubscribe: false,
    customHandleAcks: (topic, payload, packet, done) => {
      // The link self-check's canary: not a device message, acknowledged at once.
      if (topic === LINK_CHECK_TOPIC) {
        check?.received()
        done(0)
        return
      }
      if (receiving) options.onMessage({ topic, payload }, acks.take(packet))
      // Not receiving (stopping): the PUBACK is never sent; the broker keeps the message for the session.
      else acks.take(packet)
      done(0)
    },
  })
  const acks = holdAcks(client)
  let check: LinkCheck | undefined
  try {
    await firstConnect(client, url, options.retryForMs ?? 60_000, log)
  } catch (err) {
    await client.endAsync(true)
    throw err
  }

  // Reconnection attempts every half second (see reconnectPeriod), logged at most every 10 s.
  let reconnectLoggedAt = 0
  client.on('reconnect', () => {
    if (Date.now() - reconnectLoggedAt < RECONNECT_LOG_EVERY_MS) return
    reconnectLoggedAt = Date.now()
    log.warn({ broker: publicBrokerUrl(url) }, 'device link: reconnecting to broker')
  })
  client.on('connect', () => {
    reconnectLoggedAt = 0
    errorLoggedAt = 0
  })
  let errorLoggedAt = 0
  client.on('error', (err) => {
    if (!client.connected && Date.now() - errorLoggedAt < RECONNECT_LOG_EVERY_MS) return
    errorLoggedAt = Date.now()
    log.error({ err: err.message }, 'device link: broker connection error')
  })

  const filters = serverFilters(options.shareGroup)
  const refusal = await subscribeAll(client, filters)
  if (refusal) {
    await client.endAsync(true)
    throw subscriptionRefused(url, refusal.filters, refusal.cause)
  }
  const link = {
    /** The subscriptions of the current connection were granted (false while renewing or when refused). */
    subscribed: true,
    refusal: null as string | null,
  }

  // After EVERY connection the subscriptions are made again, session present or not: Mosquitto 2.0 answers a
  // reconnection after its own restart with "session present" from its persistence file but does not restore
  // shared subscriptions from it, and mqtt.js resubscribes only without a session (resubscribe: false above).
  // Subscribing again to a filter the session still has only replaces it (same QoS), so nothing is lost or doubled.
  let retry: NodeJS.Timeout | undefined
  const renew = (sessionPresent: boolean) => {
    clearTimeout(retry)
    void subscribeAll(client, filters).then((failed) => {
      // The connection went before the SUBACK: the next connection subscribes again.
      if (!client.connected) return
      if (failed) {
        link.refusal = `${failed.filters.join(', ')}: ${failed.cause}`
        log.error(
          { broker: publicBrokerUrl(url), filters: failed.filters, cause: failed.cause },
          "device link: the broker refused the server's subscriptions after reconnecting; no device " +
            'messages arrive (retrying every 30 s; see docs/operations.md)',
        )
        // An operator fixing the broker's ACL meanwhile: tried again until granted.
        retry = setTimeout(() => renew(sessionPresent), REFUSED_RETRY_MS)
        retry.unref()
        return
      }
      link.subscribed = true
      link.refusal = null
      log.info(
        { broker: publicBrokerUrl(url), sessionPresent },
        'device link: connected to broker, subscribed',
      )
    })
  }
  client.on('connect', (connack) => {
    link.subscribed = false
    renew(Boolean(connack.sessionPresent))
  })
  client.on('close', () => {
    link.subscribed = false
    clearTimeout(retry)
  })

  check = new LinkCheck({
    periodMs: options.linkCheckMs ?? 5000,
    log,
    publish: async (payload) => {
      await client.publishAsync(LINK_CHECK_TOPIC, payload, { qos: 1 })
    },
    state: () => ({ connected: client.connected, subscribed: link.subscribed, refusal: link.refusal }),
  })
  const linkCheck = check

  return {
    kind: 'external',
    health: () => linkCheck.health(),
    connected: () => client.connected,
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
      clearTimeout(retry)
      linkCheck.stop()
      // DISCONNECT with reason 0 (not force): a normal end, so the broker publishes no will for the server.
      await client.endAsync()
    },
  }
}
