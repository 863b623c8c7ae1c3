import { describe, expect, it } from 'vitest'
import { deviceMayPublish, deviceMaySubscribe } from './acl'
import { topicFor } from './topics'

describe('deviceMayPublish', () => {
  it('allows a device its own device-to-server channels', () => {
    for (const channel of ['telemetry', 'events/error', 'settings/ack', 'status', 'capabilities'] as const) {
      expect(deviceMayPublish('100001', topicFor('100001', channel))).toBe(true)
    }
  })

  it("refuses another device's topics, the desired channel, wildcards and foreign topics", () => {
    expect(deviceMayPublish('100001', topicFor('100002', 'telemetry'))).toBe(false)
    expect(deviceMayPublish('100001', topicFor('100001', 'settings/desired'))).toBe(false)
    expect(deviceMayPublish('100001', 'teplo/v1/devices/+/telemetry')).toBe(false)
    expect(deviceMayPublish('100001', 'teplo/v1/devices/100001/commands')).toBe(false)
    expect(deviceMayPublish('100001', '$SYS/broker')).toBe(false)
    expect(deviceMayPublish('', topicFor('100001', 'telemetry'))).toBe(false)
    expect(deviceMayPublish(undefined, topicFor('100001', 'telemetry'))).toBe(false)
  })
})

describe('deviceMaySubscribe', () => {
  it('allows exactly its own desired settings', () => {
    expect(deviceMaySubscribe('100001', 'teplo/v1/devices/100001/settings/desired')).toBe(true)
  })

  it('refuses wildcards, shared subscriptions, other devices and other channels', () => {
    expect(deviceMaySubscribe('100001', 'teplo/v1/devices/100002/settings/desired')).toBe(false)
    expect(deviceMaySubscribe('100001', 'teplo/v1/devices/100001/#')).toBe(false)
    expect(deviceMaySubscribe('100001', 'teplo/v1/devices/+/settings/desired')).toBe(false)
    expect(deviceMaySubscribe('100001', '$share/g/teplo/v1/devices/100001/settings/desired')).toBe(false)
    expect(deviceMaySubscribe('100001', topicFor('100001', 'telemetry'))).toBe(false)
    expect(deviceMaySubscribe('#', '#')).toBe(false)
  })

  it('refuses a wildcard username that would match every device', () => {
    expect(deviceMaySubscribe('+', 'teplo/v1/devices/+/settings/desired')).toBe(false)
  })
})
