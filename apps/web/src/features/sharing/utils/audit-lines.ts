import {
  type AuditEntryResource,
  accessLabel,
  ITEM_SETTINGS,
  isMaintenanceTask,
  isServiceSettingName,
  isSettingName,
  type Language,
  SERVICE_SETTINGS,
  serviceSettingLabel,
  serviceUnit,
  settingChoiceLabel,
  settingLabel,
} from '@teplo/domain'
import type { TFunction } from 'i18next'
import { formatDate, formatYearDay } from '../../../lib/dates'
import { formatNumber } from '../../../lib/numbers'

type Attributes = AuditEntryResource['attributes']
type Value = string | number | boolean | null
type Change = { from: Value; to: Value }

/** Members of the device's own data, the weekly schedule and the fuel settings, named by the sharing strings. */
const NAMED_FIELDS = [
  'enabled',
  'heater_reduction',
  'boiler_reduction',
  'reduced_hours',
  'name',
  'owner',
  'description',
  'category_id',
  'is_on_homepage',
  'calorific_value',
  'boiler_efficiency',
  'pellet_price_per_tonne',
  'hopper_capacity_kg',
  'capacity_kg',
  'reorder_lead_days',
  'min_stock_kg',
  'season_start',
  'season_end',
] as const
type NamedField = (typeof NAMED_FIELDS)[number]
const isNamedField = (name: string): name is NamedField => (NAMED_FIELDS as readonly string[]).includes(name)

/** What an entry's action says by itself, or what another line words: never shown as a field. */
const UNSHOWN_FIELDS = new Set(['user_id', 'status', 'power', 'access', 'kg', 'delivered_at'])

const number = (value: number) => formatNumber(value, 2)

/** A change's label and its two values, in the screen's language; null for a member it does not name. */
function fieldChange(name: string, change: Change, t: TFunction, language: Language) {
  const word = (value: Value, format: (value: number) => string = number): string => {
    if (value === null || value === '') return t('audit.values.none')
    if (typeof value === 'boolean') return t(`audit.values.${value ? 'on' : 'off'}`)
    return typeof value === 'number' ? format(value) : value
  }
  if (isSettingName(name)) {
    const setting = ITEM_SETTINGS[name]
    const field = `${t(`audit.groups.${setting.group}`)} · ${settingLabel(setting, language)}`
    if (setting.kind === 'choice') {
      const choice = (value: number) => settingChoiceLabel(setting, value, language)
      return { field, from: word(change.from, choice), to: word(change.to, choice) }
    }
    return { field, from: word(change.from), to: word(change.to) }
  }
  if (isServiceSettingName(name)) {
    const setting = SERVICE_SETTINGS[name]
    const unit = serviceUnit(setting.unit, language)
    const withUnit = (value: number) => `${number(value)} ${unit}`
    return {
      field: serviceSettingLabel(setting, language),
      from: word(change.from, withUnit),
      to: word(change.to, withUnit),
    }
  }
  if (!isNamedField(name)) return null
  const field = t(`audit.fields.${name}`)
  if (name === 'is_on_homepage') {
    const yesNo = (value: Value) => t(`audit.values.${value ? 'yes' : 'no'}`)
    return { field, from: yesNo(change.from), to: yesNo(change.to) }
  }
  if (name === 'season_start' || name === 'season_end') {
    const yearDay = (value: Value) => (typeof value === 'string' ? formatYearDay(value) : word(value))
    return { field, from: yearDay(change.from), to: yearDay(change.to) }
  }
  // Efficiency is stored as a share and read as a percentage.
  const percent = (value: number) => number(Math.round(value * 1000) / 10)
  const format = name === 'boiler_efficiency' ? percent : number
  return { field, from: word(change.from, format), to: word(change.to, format) }
}

/** A change that changed nothing: entries written before such ones were left out are still in the log. */
const unchanged = ({ from, to }: Change) => from === to

/**
 * An entry's lines: each change as a sentence with human names, in the screen's language. Empty for an entry
 * that changed nothing (an older one that recorded a value sent again as it was).
 */
export function auditLines(entry: Attributes, t: TFunction, language: Language): string[] {
  const changes = Object.entries(entry.changes).filter(([, change]) => !unchanged(change))
  const subject = entry.subject
  const level = (access: Value) =>
    (typeof access === 'string' && accessLabel(access, language)) || t('audit.values.none')
  const lines: string[] = []
  switch (entry.action) {
    case 'power': {
      const power = entry.changes.power
      if (power && !unchanged(power))
        lines.push(t(power.to === 'on' ? 'audit.sentences.powerOn' : 'audit.sentences.powerOff'))
      return lines
    }
    case 'refill': {
      const kg = entry.changes.kg?.to
      if (typeof kg === 'number') lines.push(t('audit.sentences.refill', { kg: number(kg) }))
      return lines
    }
    case 'pellet-delivery':
    case 'pellet-delivery-removed': {
      const side = entry.action === 'pellet-delivery' ? 'to' : 'from'
      const kg = entry.changes.kg?.[side]
      const day = entry.changes.delivered_at?.[side]
      if (typeof kg === 'number' && typeof day === 'string')
        lines.push(t(`audit.sentences.${entry.action}`, { kg: number(kg), date: day }))
      return lines
    }
    case 'maintenance-done': {
      const task = entry.changes.task?.to
      const at = entry.changes.done_at?.to
      const note = entry.changes.note?.to
      if (typeof task === 'string' && isMaintenanceTask(task) && typeof at === 'string') {
        const words = { task: t(`audit.maintenanceTasks.${task}`), date: formatDate(at) }
        lines.push(
          typeof note === 'string' && note !== ''
            ? t('audit.sentences.maintenance-done-note', { ...words, note })
            : t('audit.sentences.maintenance-done', words),
        )
      }
      return lines
    }
    case 'maintenance-interval': {
      for (const [task, change] of changes) {
        if (!isMaintenanceTask(task)) continue
        lines.push(
          t('audit.sentences.maintenance-interval', {
            task: t(`audit.maintenanceTasks.${task}`),
            from: typeof change.from === 'number' ? number(change.from) : t('audit.values.none'),
            to: typeof change.to === 'number' ? number(change.to) : t('audit.values.none'),
          }),
        )
      }
      return lines
    }
    case 'handover': {
      const owner = entry.changes.owner
      if (owner) {
        const names = { from: owner.from ?? '—', to: owner.to ?? '—' }
        lines.push(
          subject?.email
            ? t('audit.sentences.handoverTo', { ...names, email: subject.email })
            : t('audit.sentences.handover', names),
        )
      }
      return lines
    }
    case 'share-changed': {
      const access = entry.changes.access
      if (subject && access)
        lines.push(
          t('audit.sentences.share-changed', {
            email: subject.email,
            from: level(access.from),
            to: level(access.to),
          }),
        )
      return lines
    }
    case 'share-granted':
    case 'share-revoked':
    case 'share-left':
    case 'invitation-sent':
    case 'invitation-cancelled':
    case 'invitation-accepted':
    case 'handover-offered':
      if (subject)
        lines.push(
          t(`audit.sentences.${entry.action}`, { email: subject.email, level: level(subject.access) }),
        )
      return lines
    default:
      break
  }
  for (const [name, change] of changes) {
    if (UNSHOWN_FIELDS.has(name)) continue
    if (name === 'category_id') {
      lines.push(t('audit.sentences.changed', { field: t('audit.fields.category_id') }))
      continue
    }
    const words = fieldChange(name, change, t, language)
    if (words) lines.push(t('audit.sentences.change', words))
  }
  return lines
}

/** Entries whose only content is their changes: one that changed nothing is not shown. */
const CHANGE_ACTIONS = new Set<Attributes['action']>([
  'settings',
  'schedule',
  'power',
  'edit',
  'fuel',
  'refill',
  'pellet-store',
  'pellet-delivery',
  'pellet-delivery-removed',
  'maintenance-done',
  'maintenance-interval',
  'heating-season',
])

export function shownInLog(entry: Attributes, lines: readonly string[]): boolean {
  return !CHANGE_ACTIONS.has(entry.action) || lines.length > 0
}
