import { describe, expect, it } from 'vitest'
import { ALARM_KINDS } from '../alarms'
import { msg, translateMessage } from '../i18n'
import { alarmSettingsPatchSchema } from '../schemas/alarms'
import { alarmThresholdDefaults, alarmThresholds } from './rule-entries'
import { TEST_ONLY_ALARM_RULES } from './test-only-rules.test-data'

describe('the alarm rules', () => {
  const thresholds = [
    ...alarmThresholds().map(({ threshold }) => threshold),
    ...Object.values(TEST_ONLY_ALARM_RULES).map((rule) => rule.threshold),
  ]

  it('list the kinds in the order the table check and the preferences have them', () => {
    expect(ALARM_KINDS).toEqual([
      'device_error',
      'offline',
      'overheat',
      'frost',
      'fire_out',
      'fuel_low',
      'fuel_reorder',
      'maintenance_due',
      'identity_conflict',
    ])
  })

  it('give each threshold its own attribute, column and place in the form, and a default within its limits', () => {
    for (const key of ['setting', 'column', 'order'] as const) {
      const values = thresholds.map((threshold) => threshold[key])
      expect(new Set(values).size, key).toBe(values.length)
    }
    for (const threshold of thresholds) {
      expect(threshold.default).toBeGreaterThanOrEqual(threshold.min)
      expect(threshold.default).toBeLessThanOrEqual(threshold.max)
      if (threshold.whole || threshold.storage === 'integer')
        expect(Number.isInteger(threshold.default)).toBe(true)
      expect(translateMessage(msg(threshold.range, { min: 1, max: 2 }), 'uk')).toMatch(/^Від 1 до 2/)
      expect(translateMessage(msg(threshold.range, { min: 1, max: 2 }), 'en')).toMatch(/^From 1 to 2/)
    }
  })

  it('accept their own defaults and refuse a value past a limit, naming the threshold', () => {
    expect(alarmSettingsPatchSchema.safeParse(alarmThresholdDefaults()).success).toBe(true)
    const refused = alarmSettingsPatchSchema.safeParse({ overheat_temp: 111 })
    expect(translateMessage(refused.error?.issues[0]?.message ?? '', 'uk')).toBe(
      'Поріг перегріву — від 50 до 110 °C',
    )
    const whole = alarmSettingsPatchSchema.safeParse({ fuel_days: 2.5 })
    expect(translateMessage(whole.error?.issues[0]?.message ?? '', 'uk')).toBe(
      'Поріг запасу палива має бути цілим числом',
    )
  })
})
