import { errorCodeDescription, ITEM_SETTINGS, type SettingsGroup, settingLabel } from '@teplo/domain'
import { currentLanguage } from '../../../lib/i18n'
import type { HistoryEvent } from './chart-data'

export interface EventWords {
  groups: Record<SettingsGroup, string>
  on: string
  off: string
}

/** An event as the tooltip says it: the error with its description, or each setting changed with its new value. */
export function describeEvent(event: HistoryEvent, words: EventWords): string {
  if (event.kind === 'error')
    return event.code ? `${event.code} — ${errorCodeDescription(event.code, currentLanguage())}` : ''
  if (event.kind !== 'settings' || !event.settings) return ''
  return Object.entries(event.settings)
    .map(([name, value]) => {
      const setting = ITEM_SETTINGS[name as keyof typeof ITEM_SETTINGS]
      const shown =
        typeof value === 'boolean' ? (value ? words.on : words.off) : String(value).replace('.', ',')
      if (!setting) return `${name}: ${shown}`
      return `${words.groups[setting.group]} · ${settingLabel(setting, currentLanguage())}: ${shown}`
    })
    .join('; ')
}
