import { describe, expect, it } from 'vitest'
import { deviceMayPublish, deviceMaySubscribe } from './acl'
import { CHANNEL_RULES } from './link-limits'
import { encodeDeviceMessage, parseDeviceMessage } from './message-map'
import { otaDesiredMessageSchema, otaStatusMessageSchema } from './ota-messages'
import { topicFor } from './topics'

/** The examples of docs/device-protocol.md. */
const otaDesiredExample = {
  version: '1.5.0',
  url: 'https://teplo.example/api/v2/firmware-downloads/Zk3q9bq2mRkS5q0lY9kJmH8aT2Qe1xXo4gWc7sVb6dA',
  sha256: '9f2c8d0f6c1f3a0b7e5d4c3b2a1908f7e6d5c4b3a29180f7e6d5c4b3a2918070',
  size: 524288,
  ts: '2025-01-31T11:00:00.000Z',
}
const progress = { version: '1.5.0', state: 'downloading', progress: 40, ts: '2025-01-31T11:00:03.000Z' }
const failed = {
  version: '1.5.0',
  state: 'failed',
  reason: 'checksum mismatch: expected 9f2c8d0f…, got 01ab77c2…',
  ts: '2025-01-31T11:00:09.000Z',
}

describe('ota/desired', () => {
  it('takes the example and refuses a bad checksum, size, URL or version', () => {
    expect(otaDesiredMessageSchema.safeParse(otaDesiredExample).success).toBe(true)
    for (const bad of [
      { sha256: 'ABC' },
      { sha256: otaDesiredExample.sha256.toUpperCase() },
      { size: 0 },
      { size: 1.5 },
      { url: 'ftp://teplo.example/x' },
      { url: 'https://teplo.example/a b' },
      { version: 'v2' },
    ]) {
      expect(
        otaDesiredMessageSchema.safeParse({ ...otaDesiredExample, ...bad }).success,
        JSON.stringify(bad),
      ).toBe(false)
    }
  })

  it('is retained, server to device, and fits the payload limit', () => {
    expect(CHANNEL_RULES['ota/desired']).toEqual({ direction: 'server-to-device', qos: 1, retain: true })
    const parsed = parseDeviceMessage('ota/desired', encodeDeviceMessage('ota/desired', otaDesiredExample))
    expect(parsed).toEqual({ ok: true, message: otaDesiredExample })
    // A retained empty payload (no update) is not a message.
    expect(parseDeviceMessage('ota/desired', '').ok).toBe(false)
  })
})

describe('ota/status', () => {
  it('takes progress, success and a failure with its reason', () => {
    expect(otaStatusMessageSchema.parse(progress)).toMatchObject({ state: 'downloading', progress: 40 })
    expect(otaStatusMessageSchema.parse(failed).reason).toBe(failed.reason)
    expect(
      otaStatusMessageSchema.safeParse({ ...progress, state: 'succeeded', progress: undefined }).success,
    ).toBe(true)
    expect(CHANNEL_RULES['ota/status']).toEqual({ direction: 'device-to-server', qos: 1, retain: false })
  })

  it('refuses an unknown state or progress out of range, and tidies a reason instead of refusing it', () => {
    expect(otaStatusMessageSchema.safeParse({ ...progress, state: 'rebooting' }).success).toBe(false)
    expect(otaStatusMessageSchema.safeParse({ ...progress, progress: 101 }).success).toBe(false)
    expect(otaStatusMessageSchema.safeParse({ ...progress, progress: 2.5 }).success).toBe(false)
    const tidied = otaStatusMessageSchema.parse({ ...failed, reason: `bad\u0000${'x'.repeat(600)}` })
    expect(tidied.reason).toHaveLength(500)
    expect(tidied.reason?.startsWith('bad x')).toBe(true)
  })
})

describe('ACL of the firmware channels', () => {
  it('lets a device publish its own ota/status and subscribe to exactly its own ota/desired', () => {
    expect(deviceMayPublish('100001', topicFor('100001', 'ota/status'))).toBe(true)
    expect(deviceMayPublish('100001', topicFor('100002', 'ota/status'))).toBe(false)
    expect(deviceMayPublish('100001', topicFor('100001', 'ota/desired'))).toBe(false)
    expect(deviceMaySubscribe('100001', topicFor('100001', 'ota/desired'))).toBe(true)
    expect(deviceMaySubscribe('100001', topicFor('100002', 'ota/desired'))).toBe(false)
    expect(deviceMaySubscribe('100001', 'teplo/v1/devices/100001/ota/#')).toBe(false)
    expect(deviceMaySubscribe('100001', topicFor('100001', 'ota/status'))).toBe(false)
  })
})
