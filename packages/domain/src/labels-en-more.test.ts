import { describe, expect, it } from 'vitest'
import { ACCESS_LEVELS, accessHint, accessLabel, ITEM_ACCESS } from './access-levels'
import { ALARM_STATES, alarmStateLabel } from './alarms'
import { errorModeStatusLabel } from './item-errors'
import {
  FIRMWARE_ROLLOUT_STATUSES,
  FIRMWARE_UPDATE_STATES,
  firmwareRolloutStatusLabel,
  firmwareUpdateStateLabel,
} from './resources/firmware'
import { FLEET_ATTENTION, fleetAttentionLabel } from './resources/fleet'
import {
  SERVICE_GROUPS,
  type ServiceUnit,
  serviceGroupLabel,
  serviceSettingEntries,
  serviceSettingHint,
  serviceSettingLabel,
  serviceUnit,
} from './service-settings/catalogue'
import { ITEM_SETTINGS } from './settings/registry'
import { settingEntries } from './settings/setting-entries'
import { settingChoiceLabel, settingHint, settingLabel, settingUnit } from './settings/setting-texts'

const CYRILLIC = /[\u0400-\u04FF]/

/** Every key named in English, none empty or Cyrillic; the Ukrainian text is a different string. */
function expectEnglishFor(keys: readonly (string | number)[], english: (key: never) => string) {
  for (const key of keys) {
    const text = english(key as never)
    expect(text, String(key)).toMatch(/\S/)
    expect(text, String(key)).not.toMatch(CYRILLIC)
  }
}

describe('access levels in both languages', () => {
  it('name every level and hint in English, and stay Ukrainian by default', () => {
    expectEnglishFor(ITEM_ACCESS, (access) => accessLabel(access, 'en'))
    expectEnglishFor(ACCESS_LEVELS, (level) => accessHint(level, 'en'))
    expect(accessLabel('installer')).toBe('Монтажник')
    expect(accessLabel('installer', 'uk')).toBe('Монтажник')
    expect(accessLabel('installer', 'en')).toBe('Installer')
    expect(accessLabel('operator', 'en')).toBe('Control')
    expect(accessLabel('boss', 'en')).toBe('')
    expect(accessLabel('owner')).toBe('Власник')
    expect(accessHint('viewer')).toBe('Лише бачить стан котла та історію')
    expect(accessHint('viewer', 'en')).toBe("Only sees the boiler's state and history")
  })
})

describe('the settings registry in both languages', () => {
  it('has an English label for every setting, a hint and choices where Ukrainian has them', () => {
    for (const [name, setting] of settingEntries()) {
      expectEnglishFor([name], () => settingLabel(setting, 'en'))
      expect(settingLabel(setting), name).toMatch(CYRILLIC)
      if (setting.kind === 'choice') {
        expectEnglishFor(setting.choices, (choice) => settingChoiceLabel(setting, choice, 'en'))
        expect(settingChoiceLabel(setting, setting.choices[0]!), name).toMatch(CYRILLIC)
        expect(settingHint(setting, 'en') === undefined, name).toBe(settingHint(setting) === undefined)
      }
      if (setting.kind === 'number') expectEnglishFor([setting.unit], (unit) => settingUnit(unit, 'en'))
    }
  })

  it('reads a setting in the language asked, Ukrainian by default', () => {
    const { burner_power_set: power, pump_mode: pumps } = ITEM_SETTINGS
    expect(settingLabel(power)).toBe('Потужність, кВт')
    expect(settingLabel(power, 'en')).toBe('Power, kW')
    expect(settingUnit(power.unit)).toBe('кВт')
    expect(settingUnit(power.unit, 'en')).toBe('kW')
    expect(settingChoiceLabel(pumps, 1)).toBe('Б+К')
    expect(settingChoiceLabel(pumps, 1, 'en')).toBe('Tank + heating')
    expect(settingChoiceLabel(pumps, 9, 'en')).toBe('9')
    expect(settingHint(pumps)).toBe('Б — бойлер (гаряча вода), К — котел (опалення)')
    expect(settingHint(pumps, 'en')).toBe('Tank: hot water; heating: the radiators')
  })
})

describe('the service parameters in both languages', () => {
  it('have an English label for every parameter and group, a hint where Ukrainian has one, and English units', () => {
    for (const [name, setting] of serviceSettingEntries()) {
      expect(serviceSettingLabel(setting, 'en'), name).toMatch(/\S/)
      expect(serviceSettingLabel(setting, 'en'), name).not.toMatch(CYRILLIC)
      expect(serviceSettingHint(setting, 'en') === undefined, name).toBe(
        serviceSettingHint(setting) === undefined,
      )
      expect(serviceSettingHint(setting, 'en') ?? '', name).not.toMatch(CYRILLIC)
      expect(serviceUnit(setting.unit, 'en'), name).not.toMatch(CYRILLIC)
    }
    expectEnglishFor(SERVICE_GROUPS, (group) => serviceGroupLabel(group, 'en'))
    const units: ServiceUnit[] = ['seconds', 'minutes', 'percent', 'celsius', 'kwhPerKg']
    expectEnglishFor(units, (unit) => serviceUnit(unit, 'en'))
  })

  it('read in the language asked, Ukrainian by default', () => {
    const settings = Object.fromEntries(serviceSettingEntries())
    expect(serviceSettingLabel(settings.feeder_work_60!)).toBe('Робота шнека на 60 %')
    expect(serviceSettingLabel(settings.feeder_work_60!, 'en')).toBe('Auger run at 60 %')
    expect(serviceSettingHint(settings.ignition_max_time!)).toBe(
      'Без полум’я за цей час контролер зупиняє розпалювання',
    )
    expect(serviceSettingHint(settings.ignition_max_time!, 'en')).toBe(
      'With no flame by then, the controller stops the ignition',
    )
    expect(serviceUnit('kwhPerKg')).toBe('кВт·год/кг')
    expect(serviceUnit('kwhPerKg', 'en')).toBe('kWh/kg')
    expect(serviceUnit('minutes')).toBe('хв')
    expect(serviceUnit('minutes', 'en')).toBe('min')
    expect(serviceGroupLabel('feeder')).toBe('Подавач палива (шнек)')
    expect(serviceGroupLabel('feeder', 'en')).toBe('Fuel feeder (auger)')
  })
})

describe('firmware, fleet, alarm and error circuit labels in both languages', () => {
  it('name every state in English', () => {
    expectEnglishFor(FIRMWARE_UPDATE_STATES, (state) => firmwareUpdateStateLabel(state, 'en'))
    expectEnglishFor(FIRMWARE_ROLLOUT_STATUSES, (status) => firmwareRolloutStatusLabel(status, 'en'))
    expectEnglishFor(FLEET_ATTENTION, (attention) => fleetAttentionLabel(attention, 'en'))
    expectEnglishFor(ALARM_STATES, (state) => alarmStateLabel(state, 'en'))
    expectEnglishFor([0, 1, 2, 3], (status) => errorModeStatusLabel(status, 'en'))
  })

  it('keep Ukrainian by default', () => {
    expect(firmwareUpdateStateLabel('downloading')).toBe('Завантажує')
    expect(firmwareUpdateStateLabel('downloading', 'en')).toBe('Downloading')
    expect(firmwareRolloutStatusLabel('halted')).toBe('Зупинено після збоїв першого етапу')
    expect(firmwareRolloutStatusLabel('halted', 'en')).toBe('Stopped after failures in the first stage')
    expect(fleetAttentionLabel('offline')).toBe("Немає зв'язку")
    expect(fleetAttentionLabel('offline', 'en')).toBe('No connection')
    expect(alarmStateLabel('acknowledged')).toBe('Побачено')
    expect(alarmStateLabel('acknowledged', 'en')).toBe('Seen')
    expect(errorModeStatusLabel(3)).toBe('Котел + Бойлер')
    expect(errorModeStatusLabel('3', 'en')).toBe('Heating + hot water tank')
    expect(errorModeStatusLabel(null, 'en')).toBe('Unknown')
    expect(errorModeStatusLabel(7)).toBe('Невідомий')
  })
})
