import { EventEmitter } from 'node:events'
import net from 'node:net'
import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import type { AppEventBus } from '../../../src/lib/events.ts'
import { ClusterBridge } from '../../../src/modules/live/cluster-bridge.ts'
import { waitFor } from '../../support/device-support.ts'

// Runs only against PostgreSQL (vitest.config.ts includes *.postgres.test.ts when TEST_DATABASE_URL is set).
const databaseUrl = process.env.TEST_DATABASE_URL
if (!databaseUrl) throw new Error('TEST_DATABASE_URL must point at PostgreSQL for this file')
const log = Fastify({ logger: false }).log

// Several instances share PostgreSQL: a change seen by one reaches the browsers of another.
describe('live changes between server instances', () => {
  it('passes item changes to the other instances through LISTEN/NOTIFY, not back to the sender', async () => {
    const seen = { a: [] as string[], b: [] as string[] }
    const target = (list: string[]) => ({
      itemUpdated: (id: number) => list.push(`updated ${id}`),
      itemDeleted: (id: number) => list.push(`deleted ${id}`),
    })
    const busA: AppEventBus = new EventEmitter()
    const busB: AppEventBus = new EventEmitter()
    const a = await ClusterBridge.start({ databaseUrl, events: busA, target: target(seen.a), log })
    const b = await ClusterBridge.start({ databaseUrl, events: busB, target: target(seen.b), log })
    try {
      const id = 1_000_000 + Math.floor(Math.random() * 1_000_000)
      busA.emit('item.updated', { itemId: id })
      busA.emit('item.updated', { itemId: id })
      busA.emit('item.deleted', { itemId: id + 1, serialNumber: '1' })
      await waitFor(() => seen.b.includes(`deleted ${id + 1}`), 3000, 'notice')
      expect(seen.b.filter((line) => line.endsWith(String(id)))).toEqual([`updated ${id}`])
      expect(seen.a.filter((line) => line.includes(String(id)))).toEqual([])
    } finally {
      await a.close()
      await b.close()
    }
  })

  it("passes an account's changed notifications to the other instances (its bell may be open there)", async () => {
    const seen: number[] = []
    const busA: AppEventBus = new EventEmitter()
    const busB: AppEventBus = new EventEmitter()
    const quiet = { itemUpdated: () => {}, itemDeleted: () => {} }
    const a = await ClusterBridge.start({ databaseUrl, events: busA, target: quiet, log })
    const b = await ClusterBridge.start({
      databaseUrl,
      events: busB,
      target: { ...quiet, userNotified: (userId) => seen.push(userId) },
      log,
    })
    try {
      const userId = 2_000_000 + Math.floor(Math.random() * 1_000_000)
      busA.emit('notifications.changed', { userId })
      await waitFor(() => seen.includes(userId), 3000, 'notice')
    } finally {
      await a.close()
      await b.close()
    }
  })
})

/** A TCP proxy in front of PostgreSQL that can drop everything, as an outage would, and counts connections. */
async function outageProxy(target: URL) {
  let up = true
  let attempts = 0
  const sockets = new Set<net.Socket>()
  const server = net.createServer((socket) => {
    attempts += 1
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    if (!up) return socket.destroy()
    const upstream = net.connect(Number(target.port || 5432), target.hostname)
    sockets.add(upstream)
    upstream.on('close', () => sockets.delete(upstream))
    socket.pipe(upstream).pipe(socket)
    socket.on('error', () => upstream.destroy())
    upstream.on('error', () => socket.destroy())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as net.AddressInfo).port
  return {
    url: Object.assign(new URL(target.toString()), { hostname: '127.0.0.1', port: String(port) }).toString(),
    get attempts() {
      return attempts
    },
    down() {
      up = false
      attempts = 0
      for (const socket of sockets) socket.destroy()
    },
    up() {
      up = true
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

describe('a PostgreSQL outage', () => {
  it('is retried by one attempt at a time with growing pauses, and the bridge recovers by itself', async () => {
    const proxy = await outageProxy(new URL(databaseUrl))
    const seen: number[] = []
    const bus: AppEventBus = new EventEmitter()
    const listener = await ClusterBridge.start({
      databaseUrl: proxy.url,
      events: bus,
      target: { itemUpdated: (id) => seen.push(id), itemDeleted: () => {} },
      log,
      reconnectMs: 100,
    })
    const announcerBus: AppEventBus = new EventEmitter()
    const announcer = await ClusterBridge.start({
      databaseUrl,
      events: announcerBus,
      target: { itemUpdated: () => {}, itemDeleted: () => {} },
      log,
    })
    try {
      proxy.down()
      await new Promise((resolve) => setTimeout(resolve, 2000))
      // 100, 200, 400, 800 ms: four or five attempts in two seconds, not a storm that doubles with each failure.
      expect(proxy.attempts).toBeGreaterThanOrEqual(2)
      expect(proxy.attempts).toBeLessThanOrEqual(6)
      proxy.up()
      const id = 3_000_000 + Math.floor(Math.random() * 1_000_000)
      await waitFor(
        async () => {
          // Announced until the recovered listener hears it (it reconnects within the next pause).
          ;(announcer as unknown as { options: { events: AppEventBus } }).options.events.emit(
            'item.updated',
            {
              itemId: id,
            },
          )
          await new Promise((resolve) => setTimeout(resolve, 100))
          return seen.includes(id)
        },
        10_000,
        'the notice after the outage',
      )
    } finally {
      await listener.close()
      await announcer.close()
      await proxy.close()
    }
  })
})
