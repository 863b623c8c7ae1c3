import { describe, expect, it } from 'vitest'
import { isLoopbackHttpEndpoint, pushSubscriptionSchema } from './push'
import { issuesOf } from './test-issues'

const P256DH = `B${'A'.repeat(86)}`
const AUTH = 'q'.repeat(22)
const valid = {
  endpoint: 'https://push.example.com/send/abc',
  expirationTime: null,
  keys: { p256dh: P256DH, auth: AUTH },
}

describe('pushSubscriptionSchema', () => {
  it('accepts a PushSubscription as the browser serialises it', () => {
    expect(pushSubscriptionSchema.parse(valid)).toEqual(valid)
    expect(pushSubscriptionSchema.safeParse({ endpoint: valid.endpoint, keys: valid.keys }).success).toBe(
      true,
    )
  })

  it('refuses endpoints that are not https (http only on loopback) or carry credentials', () => {
    for (const endpoint of [
      'http://push.example.com/x',
      'ftp://x/y',
      'javascript:alert(1)',
      'https://u:p@x.com/',
    ]) {
      expect(issuesOf(pushSubscriptionSchema, { ...valid, endpoint }).endpoint).toBeDefined()
    }
    expect(pushSubscriptionSchema.safeParse({ ...valid, endpoint: 'http://127.0.0.1:9/p' }).success).toBe(
      true,
    )
    expect(isLoopbackHttpEndpoint('http://127.0.0.1:9/p')).toBe(true)
    expect(isLoopbackHttpEndpoint('https://127.0.0.1:9/p')).toBe(false)
    expect(
      issuesOf(pushSubscriptionSchema, { ...valid, endpoint: `https://x.com/${'a'.repeat(2048)}` }).endpoint,
    ).toBeDefined()
  })

  it('checks the key lengths', () => {
    expect(
      Object.keys(
        issuesOf(pushSubscriptionSchema, { ...valid, keys: { p256dh: P256DH.slice(1), auth: `${AUTH}x` } }),
      ),
    ).toEqual(['keys.p256dh', 'keys.auth'])
    expect(
      issuesOf(pushSubscriptionSchema, { ...valid, keys: { p256dh: `C${'A'.repeat(86)}`, auth: AUTH } })[
        'keys.p256dh'
      ],
    ).toBeDefined()
    expect(issuesOf(pushSubscriptionSchema, { endpoint: valid.endpoint }).keys).toBeDefined()
  })
})
