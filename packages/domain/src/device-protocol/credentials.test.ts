import { describe, expect, it } from 'vitest'
import { deviceCredentialsSchema } from './credentials'

describe('deviceCredentialsSchema', () => {
  it('accepts credentials whose topic prefix belongs to the username', () => {
    const credentials = { username: '100001', password: 's3cret', topic_prefix: 'teplo/v1/devices/100001' }
    expect(deviceCredentialsSchema.safeParse(credentials).success).toBe(true)
  })

  it("rejects an empty password and another device's prefix", () => {
    expect(
      deviceCredentialsSchema.safeParse({
        username: '100001',
        password: '',
        topic_prefix: 'teplo/v1/devices/100001',
      }).success,
    ).toBe(false)
    const foreign = { username: '100001', password: 'x', topic_prefix: 'teplo/v1/devices/100002' }
    expect(deviceCredentialsSchema.safeParse(foreign).error?.issues[0]?.path).toEqual(['topic_prefix'])
  })
})
