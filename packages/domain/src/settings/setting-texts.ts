import type { Language } from '../languages'
import type { ChoiceSetting, NumberSetting, SettingDefinition } from './registry'

// A setting's words in a language, read from its registry entry (Ukrainian is the default and the reference).

/** The units of the settings in English. */
export const SETTING_UNITS_EN: Readonly<Record<NumberSetting['unit'], string>> = {
  '°C': '°C',
  кВт: 'kW',
}

export function settingLabel(setting: SettingDefinition, language: Language = 'uk'): string {
  return language === 'en' ? setting.labelEn : setting.label
}

export function settingUnit(unit: NumberSetting['unit'], language: Language = 'uk'): string {
  return language === 'en' ? SETTING_UNITS_EN[unit] : unit
}

/** A choice's name (the choice's number when it has none). */
export function settingChoiceLabel(
  setting: ChoiceSetting,
  choice: number,
  language: Language = 'uk',
): string {
  const labels = language === 'en' ? setting.choiceLabelsEn : setting.choiceLabels
  return labels[choice] ?? String(choice)
}

/** The line under a choice's options, if it has one. */
export function settingHint(setting: ChoiceSetting, language: Language = 'uk'): string | undefined {
  return language === 'en' ? setting.hintEn : setting.hint
}

/** The name of a setting's row on its dashboard card: its short name, else its label without the unit. */
export function settingRowLabel(setting: SettingDefinition, language: Language = 'uk'): string {
  const short = language === 'en' ? setting.rowLabelEn : setting.rowLabel
  return short ?? settingLabel(setting, language).replace(/, [^,]+$/, '')
}
