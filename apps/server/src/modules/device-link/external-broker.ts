import { randomBytes } from 'node:crypto'
import { allDevicesFilter, DEVICE_PUBLISH_CHANNELS, sharedFilter } from '@teplo/domain'
import type { FastifyBaseLogger } from 'fastify'
import { connect, type MqttClient } from 'mqtt'
import { StartupError } from '../../config.ts'
import type { DeviceTransport, MessageSink, PublishOptions } from './device-transport.ts'

export type ExternalBrokerOptions = {
  url: string
  shareGroup: string
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

/**
 * The server as a superuser client of an external broker (Mosquitto, EMQX). Shared subscriptions let several
 * server instances split the device messages between them.
 */
export async function connectExternalBroker(options: ExternalBrokerOptions): Promise<DeviceTransport> {
  const { log, url } = options
  const client = connect(url, {
    clientId: `teplo-server-${randomBytes(6).toString('hex')}`,
    protocolVersion: 5,
    clean: true,
    reconnectPeriod: 2000,
    connectTimeout: 10_000,
  })
  try {
    await firstConnect(client, url, options.connectTimeoutMs ?? 15_000)
  } catch (err) {
    await client.endAsync(true)
    throw err
  }

  client.on('message', (topic, payload) => options.onMessage({ topic, payload }))
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
    stopReceiving: async () => {
      if (!client.connected) return
      await client.unsubscribeAsync(filters).catch((err: Error) => {
        log.warn({ err: err.message }, 'device link: could not unsubscribe before disconnecting')
      })
    },
    close: async () => {
      // DISCONNECT with reason 0 (not force): a normal end, so the broker publishes no will for the server.
      await client.endAsync()
    },
  }
}
