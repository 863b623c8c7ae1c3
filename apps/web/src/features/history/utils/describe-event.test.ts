import { describe, expect, it } from 'vitest'
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
})
