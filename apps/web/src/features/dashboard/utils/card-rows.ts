import {
  type Language,
  type SettingName,
  type SettingsGroup,
  settingChoiceLabel,
  settingRowLabel,
  settingsOfGroup,
  settingUnit,
} from '@teplo/domain'
import { formatGaugeNumber } from '../../../components/ui/gauge'

/** One line of a dashboard card: a setting of its group and its desired value, or that the controller lacks it. */
export type CardRow =
  | { name: SettingName; label: string; kind: 'value'; value: string }
  | { name: SettingName; label: string; kind: 'switch'; on: boolean | null }
  | { name: SettingName; label: string; kind: 'unsupported' }

/**
 * The rows of a group's card, in the registry's order: every setting of the group except those its picture
 * already shows (the pump mode's big label). A setting the controller lacks (ADR 051) says so instead of a value.
 */
export function cardRows(
  group: SettingsGroup,
  device: object & { unsupported_settings?: readonly string[] },
  language: Language,
  shownAbove: readonly SettingName[] = [],
): CardRow[] {
  const values = device as Record<string, unknown>
  const unsupported = device.unsupported_settings ?? []
  return settingsOfGroup(group)
    .filter(([name]) => !shownAbove.includes(name))
    .map(([name, setting]): CardRow => {
      const label = settingRowLabel(setting, language)
      if (unsupported.includes(name)) return { name, label, kind: 'unsupported' }
      const stored = values[name]
      if (setting.kind === 'boolean')
        return { name, label, kind: 'switch', on: typeof stored === 'boolean' ? stored : null }
      if (typeof stored !== 'number') return { name, label, kind: 'value', value: '-' }
      if (setting.kind === 'choice')
        return { name, label, kind: 'value', value: settingChoiceLabel(setting, stored, language) }
      const value = `${formatGaugeNumber(stored)} ${settingUnit(setting.unit, language)}`
      return { name, label, kind: 'value', value }
    })
}
