import { describe, expect, it } from 'vitest'
import {
  buildSettingsPayload,
  changedValues,
  initialSettingText,
  type NumberFieldSpec,
  normalizeSettingText,
  numberFields,
  parseSettingText,
  rangeViolation,
  settingAdjustment,
  stepSettingText,
} from './settings-fields'

const field = (group: 'heater' | 'gas' | 'power', index: number) =>
  numberFields(group)[index] as NumberFieldSpec
const [heaterSet, heaterHysteresis, gasMin, powerSet] = [
  field('heater', 0),
  field('heater', 1),
  field('gas', 0),
  field('power', 0),
]

const stored = {
  heater_temp_set: 60,
  heater_hysteresis: 5,
  gas_temp_min: 80,
  gas_temp_max: 300,
  burner_power_set: 100,
  burner_mod: true,
  pump_mode: 1,
}

describe('parsing typed values (spec §5)', () => {
  it('reads temperatures and power as whole numbers and hysteresis as a decimal', () => {
    expect(parseSettingText('45.7', heaterSet)).toBe(45)
    expect(parseSettingText(' 62 ', heaterSet)).toBe(62)
    expect(parseSettingText('3.5', heaterHysteresis)).toBe(3.5)
    expect(parseSettingText('2,5', heaterHysteresis)).toBe(2.5)
  })

  it('treats an empty field as not given and other text as not a number', () => {
    expect(parseSettingText('', heaterSet)).toBeUndefined()
    expect(parseSettingText('   ', heaterSet)).toBeUndefined()
    expect(parseSettingText('abc', heaterSet)).toBeNaN()
    expect(parseSettingText('4e2', powerSet)).toBeNaN()
  })
})

describe('range and step (spec §5, §9)', () => {
  it('leaves a value out of range as typed, for the user to correct, and names the limit it passed', () => {
    expect(normalizeSettingText('95', heaterSet)).toBe('95')
    expect(normalizeSettingText('-4', heaterSet)).toBe('-4')
    expect(normalizeSettingText('20', gasMin)).toBe('20')
    expect(normalizeSettingText('12', heaterHysteresis)).toBe('12')
    expect(rangeViolation('999', heaterSet)).toEqual({ typed: 999, reason: 'max' })
    expect(rangeViolation('4000', powerSet)).toEqual({ typed: 4000, reason: 'max' })
    expect(rangeViolation('-4', heaterSet)).toEqual({ typed: -4, reason: 'min' })
    expect(rangeViolation('80', heaterSet)).toBeNull()
    expect(rangeViolation('', heaterSet)).toBeNull()
  })

  it('puts a value in range on its step when the field is left', () => {
    expect(normalizeSettingText('3.3', heaterHysteresis)).toBe('3.5')
    expect(normalizeSettingText('67,5', heaterSet)).toBe('67')
  })

  it('leaves empty and non-numeric text for the user to fix', () => {
    expect(normalizeSettingText('', heaterSet)).toBe('')
    expect(normalizeSettingText('abc', heaterSet)).toBe('abc')
  })

  it('steps whole values by 1 and hysteresis by 0.5, never past the limits', () => {
    expect(stepSettingText('60', heaterSet, 1)).toBe('61')
    expect(stepSettingText('80', heaterSet, 1)).toBe('80')
    expect(stepSettingText('0', heaterSet, -1)).toBe('0')
    expect(stepSettingText('5', heaterHysteresis, 1)).toBe('5.5')
    expect(stepSettingText('8', heaterHysteresis, 1)).toBe('8')
    expect(stepSettingText('', heaterHysteresis, 1)).toBe('5')
  })

  it('starts hysteresis at 5 when the device has none yet', () => {
    expect(initialSettingText(null, heaterHysteresis)).toBe('5')
    expect(initialSettingText(null, heaterSet)).toBe('')
    expect(initialSettingText(70, heaterSet)).toBe('70')
  })
})

describe('building the PATCH attributes of one group', () => {
  it('sends the parsed values of its group', () => {
    const result = buildSettingsPayload(
      'heater',
      { heater_temp_set: '75', heater_hysteresis: '2.5' },
      {},
      stored,
    )
    expect(result).toEqual({ ok: true, values: { heater_temp_set: 75, heater_hysteresis: 2.5 } })
  })

  it('drops empty fields instead of sending them', () => {
    const result = buildSettingsPayload('heater', { heater_temp_set: '', heater_hysteresis: '4' }, {}, stored)
    expect(result).toEqual({ ok: true, values: { heater_hysteresis: 4 } })
  })

  it('sends nothing when every field is empty', () => {
    const result = buildSettingsPayload('gas', { gas_temp_min: '', gas_temp_max: ' ' }, {}, stored)
    expect(result).toMatchObject({ ok: false, nothingToSend: true })
  })

  it('refuses a value out of range with the range, never clamped and sent', () => {
    const result = buildSettingsPayload(
      'heater',
      { heater_temp_set: '999', heater_hysteresis: '' },
      {},
      stored,
    )
    expect(result).toEqual({ ok: false, errors: { heater_temp_set: 'Значення має бути від 0 до 80' } })
  })

  it('refuses a flue-gas minimum above the maximum, also against the stored maximum', () => {
    const both = buildSettingsPayload('gas', { gas_temp_min: '400', gas_temp_max: '200' }, {}, stored)
    expect(both).toEqual({
      ok: false,
      errors: { gas_temp_min: 'Мінімальна температура не може бути більшою за максимальну' },
    })
    const alone = buildSettingsPayload('gas', { gas_temp_min: '350', gas_temp_max: '' }, {}, stored)
    expect(alone.ok).toBe(false)
    const fine = buildSettingsPayload('gas', { gas_temp_min: '250', gas_temp_max: '' }, {}, stored)
    expect(fine).toEqual({ ok: true, values: { gas_temp_min: 250 } })
  })

  it('reports a value that is not a number with the domain message', () => {
    const result = buildSettingsPayload('power', { burner_power_set: 'abc' }, { burner_mod: false }, stored)
    expect(result).toEqual({ ok: false, errors: { burner_power_set: 'Введіть число' } })
  })

  it('adds the switch and the pump mode, which are never empty', () => {
    expect(buildSettingsPayload('power', { burner_power_set: '' }, { burner_mod: false }, stored)).toEqual({
      ok: true,
      values: { burner_mod: false },
    })
    expect(buildSettingsPayload('mode', {}, { pump_mode: 3 }, stored)).toEqual({
      ok: true,
      values: { pump_mode: 3 },
    })
  })
})

describe('saying what a typed value became', () => {
  it('names the step a value in range was rounded to (out of range is refused, not adjusted)', () => {
    expect(settingAdjustment('95', heaterSet)).toBeNull()
    expect(settingAdjustment('-5', heaterSet)).toBeNull()
    expect(settingAdjustment('67,5', heaterSet)).toEqual({ typed: 67.5, value: 67, reason: 'step' })
    expect(settingAdjustment('2.3', heaterHysteresis)).toEqual({ typed: 2.3, value: 2.5, reason: 'step' })
  })

  it('has nothing to say about a value in range, an empty field or text that is no number', () => {
    expect(settingAdjustment('65', heaterSet)).toBeNull()
    expect(settingAdjustment('', heaterSet)).toBeNull()
    expect(settingAdjustment('abc', heaterSet)).toBeNull()
    expect(settingAdjustment('1e3', heaterSet)).toBeNull()
  })
})

describe('what a save would change', () => {
  it('keeps only the values that differ from the device’s desired settings', () => {
    expect(changedValues({ heater_temp_set: 60, heater_hysteresis: 4 }, stored)).toEqual({
      heater_hysteresis: 4,
    })
    expect(changedValues({ heater_temp_set: 60, heater_hysteresis: 5 }, stored)).toEqual({})
    expect(changedValues({ burner_mod: false }, stored)).toEqual({ burner_mod: false })
  })
})
