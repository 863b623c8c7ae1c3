import { describe, expect, it } from 'vitest'
import {
  allDevicesFilter,
  DEVICE_CHANNELS,
  deviceClientId,
  isDeviceSerial,
  PROTOCOL_VERSION,
  parseDeviceTopic,
  sharedFilter,
  topicFor,
} from './topics'

describe('device topics', () => {
  it('builds every channel under teplo/v1/devices/<serial>/ and parses it back', () => {
    expect(PROTOCOL_VERSION).toBe(1)
    expect(topicFor('100001', 'events/error')).toBe('teplo/v1/devices/100001/events/error')
    for (const channel of DEVICE_CHANNELS) {
      expect(parseDeviceTopic(topicFor('100001', channel))).toEqual({ serial: '100001', channel })
    }
  })

  it('rejects other roots, versions, unknown channels, wildcards and bad serials', () => {
    for (const topic of [
      'teplo/v2/devices/100001/telemetry',
      'other/v1/devices/100001/telemetry',
      'teplo/v1/devices/100001',
      'teplo/v1/devices/100001/',
      'teplo/v1/devices/100001/commands',
      'teplo/v1/devices/100001/telemetry/extra',
      'teplo/v1/devices/+/telemetry',
      'teplo/v1/devices/#',
      'teplo/v1/devices/abc/telemetry',
      'teplo/v1/devices/000/telemetry',
      '/teplo/v1/devices/100001/telemetry',
    ]) {
      expect(parseDeviceTopic(topic), topic).toBeNull()
    }
  })

  it('accepts serials the way items do: digits, leading zeros kept, up to 32', () => {
    expect(isDeviceSerial('007')).toBe(true)
    expect(isDeviceSerial('1'.repeat(32))).toBe(true)
    expect(isDeviceSerial('1'.repeat(33))).toBe(false)
    expect(isDeviceSerial('0')).toBe(false)
    expect(isDeviceSerial('12a')).toBe(false)
    expect(isDeviceSerial('')).toBe(false)
  })

  it('names client ids and server filters', () => {
    expect(deviceClientId('100001')).toBe('teplo-100001')
    expect(allDevicesFilter('telemetry')).toBe('teplo/v1/devices/+/telemetry')
    expect(sharedFilter('ingest', allDevicesFilter('status'))).toBe('$share/ingest/teplo/v1/devices/+/status')
  })
})
