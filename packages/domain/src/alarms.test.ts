import { describe, expect, it } from 'vitest'
import {
  ALARM_KINDS,
  alarmAction,
  alarmDescription,
  alarmTitle,
  IDENTITY_CONFLICT_TAKEOVERS,
  IDENTITY_CONFLICT_WINDOW_MINUTES,
  identityConflictActive,
} from './alarms'
import { ERROR_CODES } from './item-errors'

const CYRILLIC = /[А-Яа-яЄєІіЇїҐґ]/

describe('alarm texts', () => {
  it('keep the Ukrainian wording as the default', () => {
    const overheat = { kind: 'overheat', code: '', value: 93.46, threshold: 90 } as const
    expect(alarmTitle(overheat)).toBe('Перегрів теплоносія')
    expect(alarmDescription(overheat)).toBe('Температура теплоносія 93,5 °C — вища за поріг 90 °C.')
    expect(alarmDescription(overheat, 'uk')).toBe(alarmDescription(overheat))
    expect(alarmTitle({ kind: 'device_error', code: 'E3' })).toBe('Помилка котла E3')
    expect(alarmAction({ kind: 'device_error', code: 'E42' })).toBe(
      'Зверніться до сервісу й назвіть код помилки.',
    )
  })

  it('say the same in English, with English numbers', () => {
    const overheat = { kind: 'overheat', code: '', value: 93.46, threshold: 90 } as const
    expect(alarmTitle(overheat, 'en')).toBe('Boiler water overheating')
    expect(alarmDescription(overheat, 'en')).toBe(
      'The boiler water is at 93.5 °C, above the threshold of 90 °C.',
    )
    expect(alarmTitle({ kind: 'device_error', code: 'E3' }, 'en')).toBe('Boiler error E3')
    expect(alarmDescription({ kind: 'device_error', code: 'E42', value: null, threshold: null }, 'en')).toBe(
      'The boiler reported error E42.',
    )
  })

  it('have no Ukrainian left in any English text, for every kind and controller code', () => {
    const facts = [
      ...ALARM_KINDS.filter((kind) => kind !== 'device_error').map((kind) => ({ kind, code: '' })),
      ...ERROR_CODES.map((code) => ({ kind: 'device_error' as const, code })),
    ].map((alarm) => ({ ...alarm, value: 4.2, threshold: 5 }))
    for (const alarm of facts) {
      for (const text of [alarmTitle(alarm, 'en'), alarmDescription(alarm, 'en'), alarmAction(alarm, 'en')]) {
        expect(text, `${alarm.kind} ${alarm.code}`).not.toMatch(CYRILLIC)
        expect(text).not.toBe('')
      }
      expect(alarmDescription(alarm, 'uk')).toMatch(CYRILLIC)
      expect(alarmAction(alarm, 'uk')).toMatch(CYRILLIC)
    }
  })
})

describe('identityConflictActive', () => {
  const now = new Date('2026-01-10T12:00:00Z')
  const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000)

  it('needs enough takeovers, the last within the window', () => {
    expect(identityConflictActive(IDENTITY_CONFLICT_TAKEOVERS, minutesAgo(5), now)).toBe(true)
    expect(identityConflictActive(IDENTITY_CONFLICT_TAKEOVERS - 1, minutesAgo(5), now)).toBe(false)
    expect(
      identityConflictActive(IDENTITY_CONFLICT_TAKEOVERS, minutesAgo(IDENTITY_CONFLICT_WINDOW_MINUTES), now),
    ).toBe(false)
    expect(identityConflictActive(5, null, now)).toBe(false)
  })

  it('is told in both languages with the count', () => {
    const alarm = { kind: 'identity_conflict', code: '', value: 3, threshold: null } as const
    expect(alarmTitle(alarm)).toBe('Два контролери з одними даними входу')
    expect(alarmDescription(alarm)).toContain('(3 перехоплень')
    expect(alarmDescription(alarm, 'en')).toContain('(3 connection takeovers')
  })
})
