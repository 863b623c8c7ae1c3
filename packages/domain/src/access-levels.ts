import { msg } from './i18n/message'
import { translateMessage } from './i18n/messages'
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

/** A level's name in a language; nothing for an unknown level. */
export function accessLabel(access: string | null | undefined, language: Language = 'uk'): string {
  if (!isItemAccess(access)) return ''
  return translateMessage(msg(`labels.access.${access}`), language)
}

/** The line a person reads before choosing a level, in a language. */
export function accessHint(level: AccessLevel, language: Language = 'uk'): string {
  return translateMessage(msg(`labels.accessHint.${level}`), language)
}

export function isItemAccess(value: unknown): value is ItemAccess {
  return typeof value === 'string' && (ITEM_ACCESS as readonly string[]).includes(value)
}

export function isShareLevel(value: unknown): value is ShareLevel {
  return typeof value === 'string' && (SHARE_LEVELS as readonly string[]).includes(value)
}

/**
 * What each level may do to a device (ADR 018), declared once for the server's checks and the screens' offers.
 * `see`: read it, its errors, history, fuel, live stream; `operate`: settings, on/off, fuel and refills, archive
 * its errors; `service`: the device link's data, pairing codes, the change log; `register`: the registration
 * record (name, address, type, picture: creators, spec §6); `administer`: archive, delete, owner codes; `share`:
 * who else has access, and handing the device over; `picture`: the device's picture (its owner's, whatever the
 * role, as before sharing); `commission`: the controller's service parameters (installers: creators holding or
 * sharing the device, ADR 025).
 */
export const ITEM_ABILITIES = [
  'see',
  'operate',
  'service',
  'register',
  'administer',
  'share',
  'picture',
  'commission',
] as const
export type ItemAbility = (typeof ITEM_ABILITIES)[number]

const LEVEL_ABILITIES: Readonly<Record<AccessLevel, readonly ItemAbility[]>> = {
  owner: ['see', 'operate', 'service', 'register', 'administer', 'share', 'picture', 'commission'],
  installer: ['see', 'operate', 'service', 'register', 'picture', 'commission'],
  operator: ['see', 'operate'],
  viewer: ['see'],
}
// The registration record, the device's life (archive, delete) and the burner's tuning stay with the roles that
// register devices: a household owner reads the service parameters but does not change them.
const CREATOR_ONLY: readonly ItemAbility[] = ['register', 'administer', 'commission']

/** Whether an account of `role` holding `access` to a device may do `ability` (null access: none at all). */
export function accessAllows(role: string, access: ItemAccess | null, ability: ItemAbility): boolean {
  if (access === null) return false
  if (access === 'admin' || role === 'admin') return true
  if (!LEVEL_ABILITIES[access].includes(ability)) return false
  return !CREATOR_ONLY.includes(ability) || role === 'creator'
}

/** How long a mailed invitation (a share or a handover) may be accepted. */
export const INVITATION_LIFETIME_DAYS = 7
