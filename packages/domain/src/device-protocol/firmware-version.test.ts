import { describe, expect, it } from 'vitest'
import { statusMessageSchema, telemetryMessageSchema } from './device-messages'
import { compareFirmwareVersions, firmwareVersionSchema } from './firmware-version'
import { statusExample, telemetryExample } from './fixtures.test-data'

describe('firmware versions', () => {
  it('accepts dotted numbers with an optional label and refuses anything else', () => {
    for (const good of ['1.0', '1.4.2', '2.0.0.17', '1.5.0-rc1'])
      expect(firmwareVersionSchema.safeParse(good).success, good).toBe(true)
    for (const bad of [
      '',
      '1',
      'v1.2',
      '1.2.',
      '1..2',
      '1.2 beta',
      '1.2-',
      `1.${'9'.repeat(40)}`,
      '1.2-rc 1',
    ])
      expect(firmwareVersionSchema.safeParse(bad).success, bad).toBe(false)
  })

  it('orders by number, not by text, and puts a labelled version before its release', () => {
    const sorted = ['1.10.0', '1.9.2', '1.5.0', '1.5.0-rc1', '1.4', '2.0'].sort(compareFirmwareVersions)
    expect(sorted).toEqual(['1.4', '1.5.0-rc1', '1.5.0', '1.9.2', '1.10.0', '2.0'])
    expect(compareFirmwareVersions('1.4', '1.4.0')).toBe(0)
  })

  it('is an optional field of telemetry and status: older controllers leave it out', () => {
    expect(telemetryMessageSchema.safeParse(telemetryExample).success).toBe(true)
    const reported = telemetryMessageSchema.parse({ ...telemetryExample, firmware_version: '1.4.2' })
    expect(reported.firmware_version).toBe('1.4.2')
    expect(telemetryMessageSchema.safeParse({ ...telemetryExample, firmware_version: 'new' }).success).toBe(
      false,
    )
    expect(statusMessageSchema.parse({ ...statusExample, firmware_version: '1.4.2' }).firmware_version).toBe(
      '1.4.2',
    )
  })
})
