import { randomBytes } from 'node:crypto'
import net from 'node:net'
import tls from 'node:tls'
import { type IClientOptions, MqttClient } from 'mqtt'
import {
  isLocalHostName,
  isPublicAddress,
  PrivateAddressError,
  publicOnlyLookup,
  type Resolver,
  socketHost,
} from '../../lib/public-address.ts'
import type { RetainedMessage } from './discovery.ts'

/** Where an account's broker may be (ADR 062): public addresses only, unless the site allows its own network. */
export type BrokerAddressPolicy = { allowPrivate: boolean; resolve: Resolver }

export type BrokerLogin = {
  brokerUrl: string
  username: string | null
  password: string | null
}

/** The checks that need no network: mqtt(s)://, not a local name, not a private address written out. */
export function brokerUrlAllowed(url: URL, policy: Pick<BrokerAddressPolicy, 'allowPrivate'>): boolean {
  if (url.protocol !== 'mqtt:' && url.protocol !== 'mqtts:') return false
  if (policy.allowPrivate) return true
  const host = socketHost(url)
  if (net.isIP(host) !== 0) return isPublicAddress(host)
  return !isLocalHostName(host)
}

const DEFAULT_PORTS: Record<string, number> = { 'mqtt:': 1883, 'mqtts:': 8883 }

/**
 * The socket to the broker, its address checked as it connects (`publicOnlyLookup`: no window for a DNS answer to
 * change in between); an address written out is checked here, since a socket does not look it up.
 */
function brokerStream(url: URL, policy: BrokerAddressPolicy): () => net.Socket {
  const host = socketHost(url)
  const port = url.port ? Number(url.port) : DEFAULT_PORTS[url.protocol]!
  const lookup = policy.allowPrivate ? undefined : publicOnlyLookup(policy.resolve)
  return () => {
    if (!brokerUrlAllowed(url, policy)) {
      const socket = new net.Socket()
      process.nextTick(() => socket.destroy(new PrivateAddressError(host, host)))
      return socket
    }
    if (url.protocol === 'mqtts:') {
      return tls.connect({
        host,
        port,
        ...(net.isIP(host) === 0 ? { servername: host } : {}),
        ...(lookup ? { lookup } : {}),
      })
    }
    return net.connect({ host, port, ...(lookup ? { lookup } : {}) })
  }
}

/**
 * An MQTT client for an account's broker. It does not reconnect by itself (`reconnectPeriod` 0): the bridge decides
 * when to try again, so a refused login is not hammered.
 */
export function brokerClient(
  login: BrokerLogin,
  policy: BrokerAddressPolicy,
  options: Pick<IClientOptions, 'will' | 'connectTimeout'> & { clientPrefix: string },
): MqttClient {
  const url = new URL(login.brokerUrl)
  return new MqttClient(brokerStream(url, policy), {
    protocolVersion: 4,
    clientId: `${options.clientPrefix}-${randomBytes(4).toString('hex')}`,
    clean: true,
    keepalive: 30,
    reconnectPeriod: 0,
    connectTimeout: options.connectTimeout ?? 10_000,
    ...(login.username ? { username: login.username } : {}),
    ...(login.password ? { password: login.password } : {}),
    ...(options.will ? { will: options.will } : {}),
  })
}

/** Connects, or fails with the reason (a refused login, an unreachable or non-public address, a timeout). */
export function connected(client: MqttClient, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => finish(new Error(`no answer within ${timeoutMs / 1000} s`)), timeoutMs)
    const finish = (error?: Error) => {
      clearTimeout(timer)
      client.off('connect', onConnect)
      client.off('error', finish)
      client.off('close', onClose)
      if (error) reject(error)
      else resolve()
    }
    const onConnect = () => finish()
    const onClose = () => finish(new Error('the connection closed'))
    client.on('connect', onConnect)
    client.on('error', finish)
    client.on('close', onClose)
  })
}

/** Whether an MQTT client's error is the broker refusing the user name or password (CONNACK 4 or 5). */
export function isLoginRefused(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return code === 4 || code === 5 || code === 134 || code === 135
}

/** Whether an error is the address check refusing a private address. */
export const isNotPublic = (error: unknown) =>
  error instanceof PrivateAddressError || (error as { code?: unknown } | null)?.code === 'ENOTPUBLIC'

const PUBLISH_TIMEOUT_MS = 10_000

/**
 * Retained messages, QoS 1, each acknowledged by the broker; a broker that does not acknowledge within ten
 * seconds is a failure (a QoS 1 message waits for a reconnection that this client never makes by itself).
 */
export async function publishAll(
  client: MqttClient,
  messages: readonly RetainedMessage[],
  timeoutMs = PUBLISH_TIMEOUT_MS,
): Promise<void> {
  if (messages.length === 0) return
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('the broker did not acknowledge in time')), timeoutMs)
  })
  try {
    await Promise.race([
      Promise.all(
        messages.map((message) =>
          client.publishAsync(message.topic, message.payload, { qos: 1, retain: true }),
        ),
      ),
      late,
    ])
  } finally {
    clearTimeout(timer)
  }
}

/** Ends a client without waiting on a dead socket for long. */
export async function endClient(client: MqttClient | null): Promise<void> {
  if (!client) return
  await Promise.race([
    new Promise<void>((resolve) => client.end(false, {}, () => resolve())),
    new Promise<void>((resolve) => setTimeout(resolve, 2000).unref()),
  ])
  if (!client.disconnected) client.end(true)
}
