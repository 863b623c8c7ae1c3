import { describe, expect, it } from 'vitest'
import {
  ERROR_CODES,
  errorCodeAction,
  errorCodeDescription,
  errorModeStatusLabel,
  toErrorCode,
} from './item-errors'

describe('errorCodeDescription', () => {
  it('describes all ten controller codes', () => {
    expect(ERROR_CODES).toEqual(['E1', 'E2', 'E3', 'E4', 'E5', 'E6', 'E7', 'E8', 'E9', 'E10'])
    for (const code of ERROR_CODES) expect(errorCodeDescription(code)).not.toBe('Невідома помилка')
  })

  it('accepts the code as text or as a number', () => {
    expect(errorCodeDescription('E3')).toContain('90 °C')
    expect(errorCodeDescription(3)).toBe(errorCodeDescription('E3'))
    expect(errorCodeDescription('e10')).toBe(errorCodeDescription(10))
    expect(toErrorCode(' E7 ')).toBe('E7')
  })

  it('keeps the meaning of the codes apart', () => {
    expect(errorCodeDescription('E5')).toContain('Приймач пелет')
    expect(errorCodeDescription('E7')).toContain('бойлера')
    expect(errorCodeDescription('E8')).toContain('теплоносія')
  })

  it('calls unknown codes an unknown error', () => {
    expect(errorCodeDescription('E11')).toBe('Невідома помилка')
    expect(errorCodeDescription(0)).toBe('Невідома помилка')
    expect(errorCodeDescription('X1')).toBe('Невідома помилка')
    expect(errorCodeDescription(null)).toBe('Невідома помилка')
  })
})

describe('errorModeStatusLabel', () => {
  it('names the active circuits', () => {
    expect([0, 1, 2, 3].map((status) => errorModeStatusLabel(status))).toEqual([
      'Вимкнено',
      'Котел',
      'Бойлер',
      'Котел + Бойлер',
    ])
    expect(errorModeStatusLabel('2')).toBe('Бойлер')
  })

  it('falls back for anything else', () => {
    expect(errorModeStatusLabel(4)).toBe('Невідомий')
    expect(errorModeStatusLabel(null)).toBe('Невідомий')
    expect(errorModeStatusLabel('')).toBe('Невідомий')
  })
})

describe('errorCodeAction', () => {
  it('tells the owner what to do for every known code, and to call the service for an unknown one', () => {
    const actions = ERROR_CODES.map((code) => errorCodeAction(code))
    for (const action of actions) expect(action).not.toBe('Зверніться до сервісу й назвіть код помилки.')
    expect(new Set(actions).size).toBe(ERROR_CODES.length)
    expect(errorCodeAction('e5')).toContain('зворотне горіння')
    expect(errorCodeAction('E42')).toBe('Зверніться до сервісу й назвіть код помилки.')
  })
})
