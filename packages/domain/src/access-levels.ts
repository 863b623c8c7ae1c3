import type { Language } from './languages'

/**
 * Per-device access (ADR 018). `owner` is the account holding the device (items.user_id); the others are shares.
 * Ordered from most to least: installer is operator plus the device's service data and change log.
 */
export const ACCESS_LEVELS = ['owner', 'installer', 'operator', 'viewer'] as const
export type AccessLevel = (typeof ACCESS_LEVELS)[number]

/** Levels a share may grant; ownership moves only by a handover the new owner accepts. */
export const SHARE_LEVELS = ['installer', 'operator', 'viewer'] as const
export type ShareLevel = (typeof SHARE_LEVELS)[number]

/** What the caller holds on a device: a level, or `admin` for an administrator's device-wide rights. */
export type ItemAccess = AccessLevel | 'admin'
export const ITEM_ACCESS = [...ACCESS_LEVELS, 'admin'] as const

export const ACCESS_LEVEL_LABELS: Record<ItemAccess, string> = {
  owner: 'Власник',
  installer: 'Монтажник',
  operator: 'Керування',
  viewer: 'Перегляд',
  admin: 'Адміністратор',
}

/** One line a person reads before choosing a level. */
export const ACCESS_LEVEL_HINTS: Record<AccessLevel, string> = {
  owner: 'Усе, зокрема доступ інших людей, передача і журнал змін',
  installer: 'Керування, службові дані пристрою та журнал змін',
  operator: 'Бачить котел, змінює налаштування, вмикає і вимикає',
  viewer: 'Лише бачить стан котла та історію',
}

/** The same labels in English (Ukrainian stays the reference wording). */
export const ACCESS_LEVEL_LABELS_EN: Record<ItemAccess, string> = {
  owner: 'Owner',
  installer: 'Installer',
  operator: 'Control',
  viewer: 'View',
  admin: 'Administrator',
}

export const ACCESS_LEVEL_HINTS_EN: Record<AccessLevel, string> = {
  owner: "Everything, including other people's access, handing over and the change log",
  installer: "Control, the device's service data and the change log",
  operator: 'Sees the boiler, changes its settings, switches it on and off',
  viewer: "Only sees the boiler's state and history",
}

/** A level's name in a language; nothing for an unknown level. */
export function accessLabel(access: string | null | undefined, language: Language = 'uk'): string {
  if (!isItemAccess(access)) return ''
  return (language === 'en' ? ACCESS_LEVEL_LABELS_EN : ACCESS_LEVEL_LABELS)[access]
}

/** The line a person reads before choosing a level, in a language. */
export function accessHint(level: AccessLevel, language: Language = 'uk'): string {
  return (language === 'en' ? ACCESS_LEVEL_HINTS_EN : ACCESS_LEVEL_HINTS)[level]
}

export function isItemAccess(value: unknown): value is ItemAccess {
  return typeof value === 'string' && (ITEM_ACCESS as readonly string[]).includes(value)
}

export function isShareLevel(value: unknown): value is ShareLevel {
  return typeof value === 'string' && (SHARE_LEVELS as readonly string[]).includes(value)
}

/** How long a mailed invitation (a share or a handover) may be accepted. */
export const INVITATION_LIFETIME_DAYS = 7
