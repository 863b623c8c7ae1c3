import net from 'node:net'
import { deviceMayPublish, deviceMaySubscribe, parseDeviceTopic } from '@teplo/domain'
import { Aedes, type AuthenticateError, type Client, type PublishPacket } from 'aedes'
import type { FastifyBaseLogger } from 'fastify'
import { StartupError } from '../../config.ts'
import type { DeviceTransport, MessageSink, PublishOptions } from './device-transport.ts'
import { RetainedIndexPersistence } from './retained-index.ts'

export type EmbeddedBrokerOptions = {
  host: string
  port: number
  log: FastifyBaseLogger
  checkCredentials: (username: string | undefined, password: string | undefined) => Promise<boolean>
  onMessage: MessageSink
}

// MQTT 3.1.1 CONNACK codes.
const BAD_CREDENTIALS = 4
const SERVER_UNAVAILABLE = 3

function authError(message: string, returnCode: number): AuthenticateError {
  return Object.assign(new Error(message), { returnCode }) as AuthenticateError
}

function listen(server: net.Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (err: NodeJS.ErrnoException) => {
      server.off('listening', onListening)
      if (err.code === 'EADDRINUSE') {
        reject(
          new StartupError(
            `MQTT port ${port} is already in use (another broker such as Mosquitto, or another Teplo server). ` +
              `Stop it or choose another port for the device link: MQTT_PORT=${port + 1} npm start ` +
              `(or use that broker: MQTT_URL=mqtt://127.0.0.1:${port}).`,
          ),
        )
      } else if (err.code === 'EACCES') {
        reject(
          new StartupError(`MQTT port ${port} needs privileges. Choose another: MQTT_PORT=1884 npm start`),
        )
      } else reject(err)
    }
    const onListening = () => {
      server.off('error', onError)
      resolve()
    }
    server.once('error', onError)
    server.once('listening', onListening)
    server.listen(port, host)
  })
}

/** Aedes inside the server process: devices connect over TCP, the server itself uses the in-process API. */
export async function startEmbeddedBroker(options: EmbeddedBrokerOptions): Promise<DeviceTransport> {
  const { log } = options
  // Device serial of each authenticated connection (Aedes does not keep the username).
  const serialOf = new WeakMap<Client, string>()
  const clientsBySerial = new Map<string, Client>()

  let receiving = true
  /**
   * A device's message is written before its PUBACK: Aedes acknowledges a QoS 1 publish as soon as this hook
   * answers, so it answers once the ingest has stored the message. Meanwhile Aedes reads nothing more from that
   * connection: an overloaded server slows its devices down instead of dropping what it acknowledged. After
   * stopReceiving() nothing is answered; the device sends it again after reconnecting.
   */
  const ingest = (packet: PublishPacket, done: (error?: Error | null) => void) => {
    if (!receiving) return
    options.onMessage({ topic: packet.topic, payload: Buffer.from(packet.payload) }, () => done(null))
  }

  const broker = await Aedes.createBroker({
    persistence: new RetainedIndexPersistence(),
    // Client ids are 'teplo-<serial>' (up to 38 characters), longer than MQTT 3.1's 23.
    maxClientsIdLength: 64,
    maxTopicLevels: 16,
    drainTimeout: 30_000,
    authenticate: (client, username, password, done) => {
      options.checkCredentials(username, password?.toString('utf8')).then(
        (ok) => {
          if (!ok) {
            log.info({ username, clientId: client.id }, 'device link: refused credentials')
            return done(authError('Bad user name or password', BAD_CREDENTIALS), false)
          }
          serialOf.set(client, username as string)
          done(null, true)
        },
        (err: unknown) => {
          log.error({ err }, 'device link: could not check credentials')
          done(authError('Server unavailable', SERVER_UNAVAILABLE), false)
        },
      )
    },
    authorizePublish: (client, packet, done) => {
      // No client: a will of a connection that is already gone; only a device's own status topic carries one.
      const allowed = client
        ? deviceMayPublish(serialOf.get(client), packet.topic)
        : parseDeviceTopic(packet.topic)?.channel === 'status'
      if (allowed) return ingest(packet, done)
      log.warn(
        { clientId: client?.id, serial: client ? serialOf.get(client) : undefined, topic: packet.topic },
        'device link: publish refused (not its own topic); disconnecting',
      )
      done(new Error(`publish to ${packet.topic} is not allowed`))
    },
    authorizeSubscribe: (client, subscription, done) => {
      if (deviceMaySubscribe(serialOf.get(client), subscription.topic)) return done(null, subscription)
      log.warn({ clientId: client.id, topic: subscription.topic }, 'device link: subscription refused')
      // A null subscription answers the SUBACK with failure 0x80; the connection stays.
      done(null, null)
    },
  })

  broker.on('clientReady', (client) => {
    const serial = serialOf.get(client)
    if (serial) clientsBySerial.set(serial, client)
  })
  broker.on('clientDisconnect', (client) => {
    const serial = serialOf.get(client)
    if (serial && clientsBySerial.get(serial) === client) clientsBySerial.delete(serial)
  })
  broker.on('clientError', (client, err) => {
    log.debug({ clientId: client.id, err: err.message }, 'device link: client error')
  })

  const stopReceiving = async () => {
    receiving = false
  }

  const server = net.createServer(broker.handle)
  try {
    await listen(server, options.port, options.host)
  } catch (err) {
    await new Promise<void>((resolve) => broker.close(() => resolve()))
    throw err
  }
  const bound = server.address() as net.AddressInfo
  const address = `mqtt://${options.host}:${bound.port}`

  return {
    kind: 'embedded',
    address,
    publish: (topic: string, payload: string, publish: PublishOptions) =>
      new Promise<void>((resolve, reject) => {
        broker.publish(
          {
            cmd: 'publish',
            topic,
            payload: Buffer.from(payload),
            qos: publish.qos,
            retain: publish.retain,
            dup: false,
          },
          (err) => (err ? reject(err) : resolve()),
        )
      }),
    disconnectDevice: (serial: string) => clientsBySerial.get(serial)?.close(),
    stopReceiving,
    close: async () => {
      // Wills published while the broker closes are not news: the whole link is going down.
      await stopReceiving()
      const serverClosed = new Promise<void>((resolve) => server.close(() => resolve()))
      await new Promise<void>((resolve) => broker.close(() => resolve()))
      await serverClosed
    },
  }
}
