import type { ItemErrorResource } from '@teplo/domain'
import { describe, expect, it } from 'vitest'
import { setLanguage } from '../../../lib/i18n'
import { itemErrorResource } from '../../../test/resource-fixtures'
import { formatPercent, formatTemperature, toErrorRow } from './error-row'

const errorEvent = (overrides: Partial<ItemErrorResource['attributes']> = {}) =>
  itemErrorResource('41', overrides)

describe('toErrorRow', () => {
  it('describes the code, words the mode and adds units', () => {
    expect(toErrorRow(errorEvent(), 'UTC')).toEqual({
      id: '41',
      code: 'E3',
      description: 'Теплоносій перегрівся: датчик показує понад 90 °C (аварійна температура).',
      time: '05.03.24 10:07',
      ended: '-',
      mode: 'Котел + Бойлер',
      heaterTemp: '91,5 °C',
      boilerTemp: '48 °C',
      gasTemp: '210 °C',
      burnerPower: '75 %',
    })
  })

  it('shows when the controller said the error ended', () => {
    expect(toErrorRow(errorEvent({ ended_at: '2024-03-05 10:19:30' }), 'UTC').ended).toBe('05.03.24 10:19')
  })

  it("shows '-' for every value the controller did not report", () => {
    const row = toErrorRow(
      errorEvent({
        mode_status: null,
        device: {
          name: 'x',
          temperatures: { kotla: null, boilera: null, gas: null },
          power: { palnika: null },
        },
      }),
    )
    expect([row.heaterTemp, row.boilerTemp, row.gasTemp, row.burnerPower]).toEqual(['-', '-', '-', '-'])
    expect(row.mode).toBe('Невідомий')
  })

  it('words the circuits in English on an English screen', async () => {
    await setLanguage('en')
    expect(toErrorRow(errorEvent(), 'UTC').mode).toBe('Heating + hot water tank')
    expect(toErrorRow(errorEvent({ mode_status: null })).mode).toBe('Unknown')
  })

  it("calls a code outside E1–E10 'Невідома помилка'", () => {
    expect(toErrorRow(errorEvent({ error_code: 'E42' })).description).toBe('Невідома помилка')
  })
})

describe('value formatting', () => {
  it('keeps zero, which is a real reading', () => {
    expect(formatTemperature(0)).toBe('0 °C')
    expect(formatPercent(0)).toBe('0 %')
  })

  it("turns missing or broken numbers into '-'", () => {
    expect(formatTemperature(undefined)).toBe('-')
    expect(formatTemperature(Number.NaN)).toBe('-')
  })
})
