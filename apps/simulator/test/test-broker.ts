import { createServer, type Server, type Socket } from 'node:net'
import { deviceMayPublish, deviceMaySubscribe } from '@teplo/domain'
import { Aedes } from 'aedes'

export const SERVER_USER = 'server'
export const SERVER_PASSWORD = 'server-secret'

export interface TestBroker {
  port: number
  url: string
  close(): Promise<void>
}

/** An in-process Aedes with the protocol's device rules: each device its own topics, the server everything. */
export async function startTestBroker(
  devices: Record<string, string>,
  port = 0,
  /** A publish this answers true for closes the connection instead of being taken (Mosquitto 2.0 on a forbidden one). */
  closesOn?: (topic: string, payload: Buffer) => boolean,
): Promise<TestBroker> {
  const users = new Map<string, string>([...Object.entries(devices), [SERVER_USER, SERVER_PASSWORD]])
  const usernames = new WeakMap<object, string>()
  const userOf = (client: object | null) => (client ? usernames.get(client) : undefined)
  const broker = await Aedes.createBroker({
    authenticate: (client, username, password, done) => {
      if (username !== undefined && users.get(username) === password?.toString()) {
        usernames.set(client, username)
        return done(null, true)
      }
      done(Object.assign(new Error('bad credentials'), { returnCode: 4 as const }), false)
    },
    authorizePublish: (client, packet, done) => {
      if (client && closesOn?.(packet.topic, packet.payload as Buffer)) {
        client.close()
        return
      }
      const username = userOf(client)
      done(
        username === SERVER_USER || deviceMayPublish(username, packet.topic)
          ? null
          : new Error('not allowed'),
      )
    },
    authorizeSubscribe: (client, subscription, done) => {
      const username = userOf(client)
      const allowed = username === SERVER_USER || deviceMaySubscribe(username, subscription.topic)
      done(null, allowed ? subscription : null)
    },
  })
  const sockets = new Set<Socket>()
  const server: Server = createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    broker.handle(socket)
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const address = server.address()
  const actualPort = typeof address === 'object' && address ? address.port : port
  return {
    port: actualPort,
    url: `mqtt://127.0.0.1:${actualPort}`,
    close: async () => {
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => broker.close(() => resolve()))
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
