import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  getReachability,
  onServerRecovered,
  PROBE_INTERVAL_MS,
  reportServerAnswer,
  reportServerFailure,
  resetReachability,
} from './server-reachability'

const flush = () => vi.advanceTimersByTimeAsync(0)

describe('server reachability', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    resetReachability()
  })
  afterEach(() => {
    resetReachability()
    vi.useRealTimers()
  })

  it('stays reachable when a failed request is followed by a healthy answer from the server', async () => {
    const fetch = vi.fn(async () => new Response('{}', { status: 200 }))
    vi.stubGlobal('fetch', fetch)
    reportServerFailure()
    await flush()
    expect(fetch).toHaveBeenCalledWith('/health', expect.objectContaining({ cache: 'no-store' }))
    expect(getReachability().reachable).toBe(true)
  })

  it('turns unreachable when the server does not answer, keeps asking, and recovers by itself', async () => {
    let up = false
    const fetch = vi.fn(async () => {
      if (!up) throw new TypeError('Failed to fetch')
      return new Response('{}', { status: 200 })
    })
    vi.stubGlobal('fetch', fetch)
    const recovered = vi.fn()
    const stop = onServerRecovered(recovered)

    vi.setSystemTime(new Date('2026-11-24T10:00:00Z'))
    reportServerFailure()
    await flush()
    expect(getReachability()).toEqual({ reachable: false, lostAt: Date.parse('2026-11-24T10:00:00Z') })

    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS)
    expect(fetch).toHaveBeenCalledTimes(2)
    expect(getReachability().reachable).toBe(false)
    expect(getReachability().lostAt).toBe(Date.parse('2026-11-24T10:00:00Z'))

    up = true
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS)
    expect(getReachability()).toEqual({ reachable: true, lostAt: null })
    expect(recovered).toHaveBeenCalledTimes(1)
    stop()
  })

  it('counts a failing health answer (503) as unreachable and any API answer as back', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 503 })),
    )
    reportServerFailure()
    await flush()
    expect(getReachability().reachable).toBe(false)
    reportServerAnswer()
    expect(getReachability().reachable).toBe(true)
  })
})
