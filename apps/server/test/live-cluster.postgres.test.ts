import { EventEmitter } from 'node:events'
import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import type { AppEventBus } from '../src/lib/events.ts'
import { ClusterBridge } from '../src/modules/live/cluster-bridge.ts'
import { waitFor } from './device-support.ts'

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
})
