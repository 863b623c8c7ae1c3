import { describe, expect, it } from 'vitest'
import {
  deviceAuthAclRequestSchema,
  deviceAuthUserRequestSchema,
  deviceCredentialsSchema,
} from './credentials'

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

describe('broker auth hook bodies', () => {
  it('read the mosquitto-go-auth JSON bodies', () => {
    expect(
      deviceAuthUserRequestSchema.safeParse({ username: '1', password: 'p', clientid: 'teplo-1' }).success,
    ).toBe(true)
    expect(deviceAuthAclRequestSchema.safeParse({ username: '1', topic: 't', acc: 2 }).success).toBe(true)
    expect(deviceAuthAclRequestSchema.safeParse({ username: '1', topic: 't', acc: 5 }).success).toBe(false)
    expect(deviceAuthUserRequestSchema.safeParse({ username: '1' }).success).toBe(false)
  })
})
