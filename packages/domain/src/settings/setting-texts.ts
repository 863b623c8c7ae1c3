import { msg } from '../i18n/message'
import { translateMessage } from '../i18n/messages'
import type { Language } from '../languages'
import type { ChoiceSetting, NumberSetting, SettingDefinition } from './registry'

// A setting's words in a language, from the keys of its registry entry (ADR 055; Ukrainian is the default).

export function settingLabel(setting: SettingDefinition, language: Language = 'uk'): string {
  return translateMessage(msg(setting.label), language)
}

export function settingUnit(unit: NumberSetting['unit'], language: Language = 'uk'): string {
  return translateMessage(msg(`labels.unit.${unit}`), language)
}

/** A choice's name (the choice's number when it has none). */
export function settingChoiceLabel(
  setting: ChoiceSetting,
  choice: number,
  language: Language = 'uk',
): string {
  const key = setting.choiceLabels[choice]
  return key ? translateMessage(msg(key), language) : String(choice)
}

/** The line under a choice's options, if it has one. */
export function settingHint(setting: ChoiceSetting, language: Language = 'uk'): string | undefined {
  return setting.hint === undefined ? undefined : translateMessage(msg(setting.hint), language)
}

/** The name of a setting's row on its dashboard card: its short name, else its label without the unit. */
export function settingRowLabel(setting: SettingDefinition, language: Language = 'uk'): string {
  if (setting.rowLabel !== undefined) return translateMessage(msg(setting.rowLabel), language)
  return settingLabel(setting, language).replace(/, [^,]+$/, '')
}
