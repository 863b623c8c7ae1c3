import { describe, expect, it } from 'vitest'
import { setLanguage } from '../../../lib/i18n'
import { describeEvent, type EventWords } from './describe-event'

const words: EventWords = {
  groups: { heater: 'Котел', tank: 'Бойлер', gas: 'Димові гази', power: 'Пальник', mode: 'Насоси' },
  on: 'увімк.',
  off: 'вимк.',
}

describe('describeEvent', () => {
  it('names an error with the description of its code', () => {
    expect(describeEvent({ time: 0, kind: 'error', code: 'E3', settings: null }, words)).toMatch(
      /^E3 — .*90 °C/,
    )
  })

  it('lists the settings changed with their group, label and new value', () => {
    const text = describeEvent(
      { time: 0, kind: 'settings', code: null, settings: { heater_temp_set: 72.5, burner_mod: false } },
      words,
    )
    expect(text).toBe('Котел · Задана температура, °C: 72,5; Пальник · Модуляція потужності: вимк.')
  })

  it('names the settings in English on an English screen', async () => {
    await setLanguage('en')
    const english: EventWords = {
      groups: { heater: 'Boiler', tank: 'Tank', gas: 'Flue gases', power: 'Burner', mode: 'Pumps' },
      on: 'on',
      off: 'off',
    }
    const text = describeEvent(
      { time: 0, kind: 'settings', code: null, settings: { burner_power_set: 18, burner_mod: true } },
      english,
    )
    expect(text).toBe('Burner · Power, kW: 18; Burner · Power modulation: on')
  })
})
