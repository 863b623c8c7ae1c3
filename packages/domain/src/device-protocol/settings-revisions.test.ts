import { describe, expect, it, vi } from 'vitest'
import { translateMessage } from '../i18n/messages'
import { BASE_SETTINGS_REVISION } from '../settings/registry'
import { currentSettingsRevision, settingsKnownAt, unsupportedSettings } from '../settings/setting-entries'
import { TEST_ONLY_REVISION } from '../settings/test-only-settings.test-data'
import {
  DEFAULT_DEVICE_SETTINGS,
  desiredSettingsMessageSchema,
  settingsAckMessageSchema,
  settingsDifferences,
  settingsRefusalReason,
  unsupportedSettingsReason,
} from './settings-messages'

// The registry with two settings of a newer revision (frost_guard_temp, burner_cleaning), as after a release
// that adds them; controllers in the field still speak the base revision (ADR 051).
vi.mock('../settings/registry', async (importOriginal) => {
  const { withTestOnlySettings } = await import('../settings/test-only-settings.test-data')
  return withTestOnlySettings(await importOriginal<{ ITEM_SETTINGS: object }>())
})

const NEWER = ['frost_guard_temp', 'burner_cleaning']

/** What a controller of the base revision has in effect: every setting it knows, none of the newer ones. */
function baseSettings(): Record<string, unknown> {
  return Object.fromEntries(Object.entries(DEFAULT_DEVICE_SETTINGS).filter(([name]) => !NEWER.includes(name)))
}

const ack = (applied: Record<string, unknown>) => ({
  version: 3,
  result: 'applied',
  ts: '2025-01-31T10:05:00.420Z',
  applied,
  applied_version: 3,
})

describe('settings of a newer protocol revision', () => {
  it('are known to a current controller and not to one of the base revision', () => {
    expect(TEST_ONLY_REVISION).toBeGreaterThan(BASE_SETTINGS_REVISION)
    expect(currentSettingsRevision()).toBe(TEST_ONLY_REVISION)
    const base = settingsKnownAt(BASE_SETTINGS_REVISION).map(([name]) => name)
    expect(base).toContain('heater_temp_set')
    expect(base.filter((name) => NEWER.includes(name))).toEqual([])
    expect(settingsKnownAt(TEST_ONLY_REVISION).map(([name]) => name)).toEqual(
      expect.arrayContaining([...base, ...NEWER]),
    )
  })

  it('may be left out of an ack: the settings it leaves out are the ones the controller lacks', () => {
    const parsed = settingsAckMessageSchema.safeParse(ack(baseSettings()))
    expect(parsed.success).toBe(true)
    expect(unsupportedSettings(parsed.data!.applied)).toEqual(NEWER)
    // A current controller reports them and lacks nothing; nothing reported yet is nothing known to be missing.
    const full = settingsAckMessageSchema.parse(ack({ ...DEFAULT_DEVICE_SETTINGS }))
    expect(unsupportedSettings(full.applied)).toEqual([])
    expect(unsupportedSettings(null)).toEqual([])
  })

  it('still require every base setting, and check the newer ones’ types when they are sent', () => {
    const { heater_hysteresis: _, ...withoutBase } = baseSettings()
    expect(settingsAckMessageSchema.safeParse(ack(withoutBase)).error?.issues[0]?.path).toEqual([
      'applied',
      'heater_hysteresis',
    ])
    const wrongType = ack({ ...baseSettings(), frost_guard_temp: 'warm' })
    expect(settingsAckMessageSchema.safeParse(wrongType).error?.issues[0]?.path).toEqual([
      'applied',
      'frost_guard_temp',
    ])
    // A key no revision has is ignored, as every unknown field of a device message.
    const unknown = settingsAckMessageSchema.parse(ack({ ...baseSettings(), snow_melt: true }))
    expect(unknown.applied).not.toHaveProperty('snow_melt')
  })

  it('are part of the desired set the server sends: it always sends every setting', () => {
    const desired = { version: 3, ts: '2025-01-31T10:05:00.000Z', settings: DEFAULT_DEVICE_SETTINGS }
    expect(desiredSettingsMessageSchema.safeParse(desired).success).toBe(true)
    const older = { ...desired, settings: baseSettings() }
    expect(desiredSettingsMessageSchema.safeParse(older).success).toBe(false)
  })

  it('are checked by a controller that knows them and not needed by one that does not', () => {
    expect(settingsRefusalReason(baseSettings() as never)).toBeNull()
    expect(settingsRefusalReason({ ...DEFAULT_DEVICE_SETTINGS, frost_guard_temp: 20 } as never)).toBe(
      'frost_guard_temp: Значення має бути від 3 до 15',
    )
  })

  it('are no difference between desired and applied when the controller lacks them', () => {
    const desired = { ...DEFAULT_DEVICE_SETTINGS, frost_guard_temp: 7, heater_temp_set: 65 }
    expect(settingsDifferences(desired, baseSettings()).map((d) => d.name)).toEqual(['heater_temp_set'])
    expect(translateMessage(unsupportedSettingsReason(['frost_guard_temp']) ?? '', 'uk')).toBe(
      'frost_guard_temp: не підтримується цим контролером',
    )
  })
})
