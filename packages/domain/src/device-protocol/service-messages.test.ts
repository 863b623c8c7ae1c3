import { describe, expect, it } from 'vitest'
import { translateMessage } from '../i18n/messages'
import { DEFAULT_SERVICE_SETTINGS } from '../service-settings/catalogue'
import { ackAppliedExample, desiredExample } from './fixtures.test-data'
import { parseDeviceMessage } from './message-map'
import {
  SERVICE_NOT_CONFIRMED,
  serviceDifferences,
  serviceDifferencesReason,
  serviceRefusalReason,
} from './service-messages'
import { desiredSettingsMessageSchema, settingsAckMessageSchema } from './settings-messages'

const service = { ...DEFAULT_SERVICE_SETTINGS, fan_speed_30: 45 }

describe('settings/desired with service parameters (additive, ADR 025)', () => {
  it('accepts a desired set with and without the service object', () => {
    expect(desiredSettingsMessageSchema.safeParse(desiredExample).success).toBe(true)
    const parsed = desiredSettingsMessageSchema.parse({ ...desiredExample, service })
    expect(parsed.service?.fan_speed_30).toBe(45)
  })

  it('still reads out-of-range service values so that the controller can refuse them', () => {
    const outOfRange = { ...desiredExample, service: { ...service, fan_speed_100: 150 } }
    expect(desiredSettingsMessageSchema.safeParse(outOfRange).success).toBe(true)
  })

  it('rejects a service object missing a parameter or with a non-number', () => {
    const { flame_threshold: _, ...partial } = service
    expect(desiredSettingsMessageSchema.safeParse({ ...desiredExample, service: partial }).success).toBe(
      false,
    )
    const text = { ...service, cleaning_interval: '60' }
    expect(desiredSettingsMessageSchema.safeParse({ ...desiredExample, service: text }).success).toBe(false)
  })

  it('lets a controller that knows nothing of service parameters read the message as before', () => {
    const payload = JSON.stringify({ ...desiredExample, service })
    const parsed = parseDeviceMessage('settings/desired', payload)
    expect(parsed.ok).toBe(true)
    // The settings it knows are unchanged by the new member.
    if (parsed.ok) expect(parsed.message.settings).toEqual(desiredExample.settings)
  })
})

describe('settings/ack with applied_service', () => {
  it('accepts an ack with and without applied_service', () => {
    expect(settingsAckMessageSchema.safeParse(ackAppliedExample).success).toBe(true)
    const withService = settingsAckMessageSchema.parse({ ...ackAppliedExample, applied_service: service })
    expect(withService.applied_service).toEqual(service)
  })

  it('rejects an applied_service that is not a full set of numbers', () => {
    const broken = { ...ackAppliedExample, applied_service: { fan_speed_30: 45 } }
    expect(settingsAckMessageSchema.safeParse(broken).success).toBe(false)
  })
})

describe('serviceRefusalReason', () => {
  it('accepts the factory set and names every value out of range', () => {
    expect(serviceRefusalReason(DEFAULT_SERVICE_SETTINGS)).toBeNull()
    expect(
      serviceRefusalReason({ ...DEFAULT_SERVICE_SETTINGS, fan_speed_30: 5, fuel_calorific_value: 4.85 }),
    ).toBe(
      'service.fan_speed_30: Значення має бути від 10 до 100; service.fuel_calorific_value: Значення має бути кратним 0,1',
    )
  })
})

describe('serviceDifferences', () => {
  it('names parameters applied otherwise than asked, and missing ones', () => {
    const { cleaning_duration: _, ...applied } = { ...service, fan_speed_30: 50 }
    const differences = serviceDifferences(service, applied)
    expect(differences.map((d) => d.name)).toEqual(['fan_speed_30', 'cleaning_duration'])
    expect(translateMessage(serviceDifferencesReason(differences) ?? '', 'uk')).toBe(
      'service.fan_speed_30: застосовано 50 замість 45; service.cleaning_duration: застосовано — замість 30',
    )
    expect(serviceDifferences(service, service)).toEqual([])
    expect(translateMessage(SERVICE_NOT_CONFIRMED, 'uk')).toMatch(/^контролер не підтвердив/)
  })
})
