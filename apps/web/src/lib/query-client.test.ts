import { describe, expect, it } from 'vitest'
import { ApiRequestError } from './api-client'
import { retryDelay, shouldRetry } from './query-client'

const refusal = (status: number, retryAfterSeconds: number | null = null) =>
  new ApiRequestError(status, [], undefined, retryAfterSeconds)

describe('query retries', () => {
  it('reads again after a short 429 when the server says (a third heavy read of the account at once)', () => {
    const busy = refusal(429, 1)
    expect(shouldRetry(0, busy)).toBe(true)
    expect(shouldRetry(4, busy)).toBe(true)
    expect(shouldRetry(5, busy)).toBe(false)
    expect(retryDelay(0, busy)).toBe(1000)
    expect(retryDelay(3, refusal(429, 2))).toBe(2000)
  })

  it('does not retry a long or unexplained 429, nor other refusals; retries server and network failures twice', () => {
    expect(shouldRetry(0, refusal(429, 900))).toBe(false)
    expect(shouldRetry(0, refusal(429))).toBe(false)
    expect(shouldRetry(0, refusal(404))).toBe(false)
    expect(shouldRetry(1, refusal(503))).toBe(true)
    expect(shouldRetry(2, refusal(503))).toBe(false)
    expect(shouldRetry(0, refusal(0))).toBe(true)
    expect(retryDelay(1, refusal(503))).toBe(2000)
  })

  it('reads again after a short 503 when the server says (heavy reads standing aside for the readings)', () => {
    const busy = refusal(503, 1)
    expect(shouldRetry(4, busy)).toBe(true)
    expect(shouldRetry(5, busy)).toBe(false)
    expect(retryDelay(0, busy)).toBe(1000)
    expect(retryDelay(2, refusal(503, 5))).toBe(5000)
  })
})
