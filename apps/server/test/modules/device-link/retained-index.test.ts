import type { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { filterMatches, RetainedIndexPersistence } from '../../../src/modules/device-link/retained-index.ts'

async function topicsOf(stream: Readable): Promise<string[]> {
  const topics: string[] = []
  for await (const packet of stream) topics.push((packet as { topic: string }).topic)
  return topics
}

const retained = (topic: string, payload = '{}') => ({ topic, payload: Buffer.from(payload) })

describe('retained messages indexed by topic', () => {
  it('matches MQTT filters: + one level, # the rest, $ topics only when named', () => {
    expect(filterMatches('a/+/c', 'a/b/c')).toBe(true)
    expect(filterMatches('a/+/c', 'a/b/d')).toBe(false)
    expect(filterMatches('a/#', 'a')).toBe(true)
    expect(filterMatches('a/#', 'a/b/c')).toBe(true)
    expect(filterMatches('#', '$SYS/x')).toBe(false)
    expect(filterMatches('+/x', '$SYS/x')).toBe(false)
    expect(filterMatches('$SYS/#', '$SYS/x')).toBe(true)
    expect(filterMatches('a/b', 'a/b/c')).toBe(false)
    expect(filterMatches('a/b/c', 'a/b')).toBe(false)
  })

  it('answers an exact subscription with its one message, a wildcard one with all that match; empty clears', async () => {
    const store = new RetainedIndexPersistence()
    for (let i = 0; i < 3; i++) await store.storeRetained(retained(`teplo/v1/devices/${i}/settings/desired`))
    await store.storeRetained(retained('teplo/v1/devices/1/status'))
    expect(await topicsOf(store.createRetainedStreamCombi(['teplo/v1/devices/1/settings/desired']))).toEqual([
      'teplo/v1/devices/1/settings/desired',
    ])
    expect(
      (await topicsOf(store.createRetainedStream('teplo/v1/devices/+/settings/desired'))).sort(),
    ).toEqual([0, 1, 2].map((i) => `teplo/v1/devices/${i}/settings/desired`))
    expect(await topicsOf(store.createRetainedStream('teplo/v1/devices/1/#'))).toHaveLength(2)
    await store.storeRetained(retained('teplo/v1/devices/1/settings/desired', ''))
    expect(await topicsOf(store.createRetainedStream('teplo/v1/devices/1/settings/desired'))).toEqual([])
    expect(store.retainedCount).toBe(3)
  })
})
