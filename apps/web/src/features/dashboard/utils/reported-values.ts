import {
  ITEM_SETTINGS,
  type SettingDefinition,
  type SettingName,
  settingChoiceLabel,
  settingEntries,
  settingLabel,
  settingsDifferences,
  settingUnit,
  syncStatusLabel,
} from '@teplo/domain'
import type { TFunction } from 'i18next'
import { currentLanguage } from '../../../lib/i18n'
import type { Device } from '../../../lib/items/item-document'

/** The dashboard card each settings group lives on (its title key under dashboard.*). */
const GROUP_CARD = { heater: 'heater', tank: 'tank', gas: 'gas', power: 'power', mode: 'pump' } as const

export type ReportedDifference = {
  name: string
  /** Title of the dashboard card the setting is on (or of the on/off switch). */
  card: string
  /** The setting's label on its card; null for the on/off switch. */
  label: string | null
  desired: string
  applied: string
}

type Translate = TFunction

function formatValue(t: Translate, setting: SettingDefinition | undefined, value: unknown): string {
  const language = currentLanguage()
  if (setting?.kind === 'number' && typeof value === 'number') {
    return `${String(value).replace('.', ',')} ${settingUnit(setting.unit, language)}`
  }
  if (setting?.kind === 'choice' && typeof value === 'number')
    return settingChoiceLabel(setting, value, language)
  if (setting?.kind === 'boolean' || value === 'on' || value === 'off') {
    return t(value === true || value === 'on' ? 'dashboard.reported.on' : 'dashboard.reported.off')
  }
  return String(value)
}

/**
 * What the controller reported in effect where it differs from what is desired, for every setting of the
 * registry (and the on/off switch). Empty until the controller has reported, or when everything matches.
 */
export function reportedDifferences(device: Device, t: Translate): ReportedDifference[] {
  // A live update is guarded, not parsed: an older server sends no reported values.
  const reported = device.reported_settings
  if (!reported) return []
  const desired: Record<string, unknown> = { power: device.power_set }
  for (const [name] of settingEntries()) desired[name] = device[name]
  return settingsDifferences(desired, reported).map(({ name, desired: asked, applied }) => {
    const setting = name === 'power' ? undefined : ITEM_SETTINGS[name as SettingName]
    return {
      name,
      card: t(setting ? `dashboard.${GROUP_CARD[setting.group]}.title` : 'dashboard.reported.power'),
      label: setting ? settingLabel(setting, currentLanguage()) : null,
      desired: formatValue(t, setting, asked),
      applied: formatValue(t, setting, applied),
    }
  })
}

/** «задано 77 °C — котел працює на 70 °C: відхилено: причина …» (with the sync state unless synced). */
export function reportedLine(difference: ReportedDifference, device: Device, t: Translate): string {
  const line = t('dashboard.reported.line', { desired: difference.desired, applied: difference.applied })
  if (device.sync_status === 'synced') return line
  const status = syncStatusLabel(device.sync_status, device.sync_reason, currentLanguage())
  return `${line}: ${status.charAt(0).toLowerCase()}${status.slice(1)}`
}
