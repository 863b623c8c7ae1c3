import { readFileSync } from 'node:fs'
import net from 'node:net'
import tls from 'node:tls'
import {
  DEVICE_LINK,
  deviceClientId,
  deviceMayPublish,
  deviceMaySubscribe,
  parseDeviceTopic,
} from '@teplo/domain'
import {
  Aedes,
  type AedesPublishPacket,
  type AuthenticateError,
  type Client,
  type PublishPacket,
} from 'aedes'
import type { FastifyBaseLogger } from 'fastify'
import { generate } from 'mqtt-packet'
import { StartupError } from '../../config.ts'
import type { LoginCheck } from './device-credentials.ts'
import type { DeviceTransport, MessageSink, PublishOptions } from './device-transport.ts'
import { LinkGuard } from './link-guard.ts'
import { RetainedIndexPersistence } from './retained-index.ts'

export type EmbeddedBrokerTls = { port: number; certFile: string; keyFile: string }

export type EmbeddedBrokerOptions = {
  host: string
  port: number
  /** An mqtts:// listener besides the plain one (MQTT_TLS_PORT, MQTT_TLS_CERT, MQTT_TLS_KEY). */
  tls?: EmbeddedBrokerTls | undefined
  log: FastifyBaseLogger
  /**
   * 'ok'; 'wrong' (unknown serial or wrong secret: counts against the address); 'unlinked' (the right secret of
   * an archived or pending device: refused, not counted, so a blocked controller retrying does not lock out its
   * neighbours). A boolean means 'ok' or 'wrong'.
   */
  checkCredentials: (
    username: string | undefined,
    password: string | undefined,
  ) => Promise<boolean | LoginCheck>
  onMessage: MessageSink
  /** A device published where it may not: the message was acknowledged and dropped. */
  onRefusedPublish?: (serial: string, topic: string) => void
  /** Largest MQTT packet taken from a client (remaining length); default DEVICE_LINK.maxPacketBytes. */
  maxPacketBytes?: number
  guard?: LinkGuard
}

// MQTT 3.1.1 CONNACK codes.
const IDENTIFIER_REJECTED = 2
const NOT_AUTHORIZED = 5
const SERVER_UNAVAILABLE = 3
const BAD_CREDENTIALS = 4
// MQTT 5 CONNACK reason code: Unsupported Protocol Version.
const V5_UNSUPPORTED_PROTOCOL = 0x84
const V5_REFUSAL_TEXT =
  'This broker speaks MQTT 3.1.1 only: connect with protocol level 4 (MQTT 5 is available through Mosquitto, see docs/device-protocol.md)'
// Where a refused publish goes: no subscription can match it (devices may subscribe only to their own
// settings/desired, and wildcards never match topics starting with $).
const REFUSED_TOPIC = '$teplo/refused'

// The part of aedes-persistence (promise API) that holds a client's session.
type SessionStore = {
  cleanSubscriptions(client: Client): Promise<void>
  outgoingStream(client: Client): AsyncIterable<unknown>
  outgoingClearMessageId(client: Client, packet: AedesPublishPacket): Promise<unknown>
  delWill(client: Client): Promise<unknown>
}

type PacketParser = {
  _parseLength(): boolean
  _emitError(err: Error): void
  packet: { length: number }
}

/**
 * Closes a connection as soon as a packet's fixed header announces more than `max` bytes, before Aedes buffers
 * it: MQTT 3.1.1 has no way to refuse one packet. Hooks the parser of the connection (mqtt-packet 9).
 */
function limitPacketSize(client: Client, max: number, onRefused: () => void): void {
  const parser = (client as unknown as { _parser?: PacketParser })._parser
  if (!parser || typeof parser._parseLength !== 'function') {
    throw new Error('aedes: the connection parser has changed; the packet size limit cannot be applied')
  }
  const parseLength = parser._parseLength
  parser._parseLength = function limitedParseLength(this: PacketParser) {
    const complete = parseLength.call(this)
    if (complete && this.packet.length > max) {
      onRefused()
      this._emitError(new Error(`packet of ${this.packet.length} bytes is over the limit of ${max}`))
      return false
    }
    return complete
  }
}

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
  const guard = options.guard ?? new LinkGuard({ log })
  const maxPacketBytes = options.maxPacketBytes ?? DEVICE_LINK.maxPacketBytes
  // Device serial of each authenticated connection (Aedes does not keep the username).
  const serialOf = new WeakMap<Client, string>()
  const clientsBySerial = new Map<string, Client>()
  const addressOf = (client: Client) =>
    (client.conn as Partial<net.Socket> | undefined)?.remoteAddress ?? undefined
  // Certificates are read once at start; a renewed certificate takes a restart.
  const tlsOptions = options.tls
    ? { cert: readFileSync(options.tls.certFile), key: readFileSync(options.tls.keyFile) }
    : undefined

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
    preConnect: (client, packet, done) => {
      if (packet.protocolVersion !== 5) return done(null, true)
      // Aedes would answer a 3.1.1 CONNACK a v5 client misreads; say in v5 terms what this broker speaks.
      guard.refused('protocol', addressOf(client), packet.username)
      const connack = generate(
        {
          cmd: 'connack',
          sessionPresent: false,
          reasonCode: V5_UNSUPPORTED_PROTOCOL,
          properties: { reasonString: V5_REFUSAL_TEXT },
        },
        { protocolVersion: 5 },
      )
      client.conn.write(connack, () => done(new Error('MQTT 5 is not supported'), false))
    },
    authenticate: (client, username, password, done) => {
      const attempt = { address: addressOf(client), clientId: client.id, username, password }
      const limit = guard.limited(attempt)
      if (limit) {
        guard.refused('rate-limited', attempt.address, username)
        const message =
          limit === 'identity'
            ? 'Too many failed logins with this identity; try later'
            : 'Too many failed logins from this address; try later'
        return done(authError(message, SERVER_UNAVAILABLE), false)
      }
      // The identity is the serial: client id teplo-<serial>, so one device's credentials never reach another
      // device's session (a CONNECT with an existing client id takes that session over).
      if (!username || client.id !== deviceClientId(username)) {
        guard.loginFailed('client-id', attempt)
        return done(authError('Client id must be teplo-<user name>', IDENTIFIER_REJECTED), false)
      }
      options.checkCredentials(username, password?.toString('utf8')).then(
        (answer) => {
          const check = answer === true ? 'ok' : answer === false ? 'wrong' : answer
          if (check === 'unlinked') {
            guard.refused('unlinked', attempt.address, username)
            return done(
              authError('Not authorized: the device is archived or not paired', NOT_AUTHORIZED),
              false,
            )
          }
          if (check !== 'ok') {
            guard.loginFailed('credentials', attempt)
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
      if (!client) return done(new Error(`will on ${packet.topic} is not allowed`))
      // Acknowledged and dropped, as Mosquitto does: a disconnect would only make the device reconnect and
      // send it again. Counted on the device and in the refusal summary.
      const serial = serialOf.get(client)
      guard.refused('publish', addressOf(client), serial)
      if (serial) options.onRefusedPublish?.(serial, packet.topic)
      packet.topic = REFUSED_TOPIC
      packet.retain = false
      packet.payload = Buffer.alloc(0)
      done(null)
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

  const accept = (socket: net.Socket) => {
    const client = broker.handle(socket, undefined as never)
    limitPacketSize(client, maxPacketBytes, () => guard.refused('oversize', socket.remoteAddress))
  }
  const server = net.createServer(accept)
  const tlsServer = tlsOptions ? tls.createServer(tlsOptions, accept) : undefined
  try {
    await listen(server, options.port, options.host)
    if (tlsServer && options.tls) await listen(tlsServer, options.tls.port, options.host)
  } catch (err) {
    if (server.listening) server.close()
    await new Promise<void>((resolve) => broker.close(() => resolve()))
    guard.close()
    throw err
  }
  const bound = server.address() as net.AddressInfo
  const address = `mqtt://${options.host}:${bound.port}`
  const tlsAddress = tlsServer
    ? `mqtts://${options.host}:${(tlsServer.address() as net.AddressInfo).port}`
    : undefined

  /** Drops what the broker keeps for a device's client id: subscriptions, queued messages, will. */
  const forgetSession = async (serial: string) => {
    const session = { id: deviceClientId(serial) } as Client
    const { persistence } = broker as unknown as { persistence: SessionStore }
    await persistence.cleanSubscriptions(session)
    const queued: AedesPublishPacket[] = []
    for await (const packet of persistence.outgoingStream(session)) queued.push(packet as AedesPublishPacket)
    for (const packet of queued) await persistence.outgoingClearMessageId(session, packet)
    await persistence.delWill(session)
  }

  return {
    kind: 'embedded',
    address,
    tlsAddress,
    // The broker runs in this process and hands messages to the ingest directly: there is no connection or
    // subscription to lose, so no canary; while the process answers /health, its broker does too.
    connected: () => true,
    health: () => ({ status: 'ok', reason: null, check: 'in-process', last_canary_seconds_ago: null }),
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
    forgetDevice: async (serial: string) => {
      clientsBySerial.get(serial)?.close()
      await forgetSession(serial)
    },
    stopReceiving,
    close: async () => {
      // Wills published while the broker closes are not news: the whole link is going down.
      await stopReceiving()
      const serverClosed = new Promise<void>((resolve) => server.close(() => resolve()))
      const tlsClosed = new Promise<void>((resolve) =>
        tlsServer ? tlsServer.close(() => resolve()) : resolve(),
      )
      await new Promise<void>((resolve) => broker.close(() => resolve()))
      await serverClosed
      await tlsClosed
      guard.close()
    },
  }
}
