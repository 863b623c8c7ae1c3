import { msg } from './i18n/message'
import { translateMessage } from './i18n/messages'
import type { Language } from './languages'

export const ROLE_NAMES = ['admin', 'creator', 'user'] as const

export type RoleName = (typeof ROLE_NAMES)[number]

export const DEFAULT_ROLE: RoleName = 'user'

/** How the interface names a built-in role; a role added by an administrator shows its own name. */
export function roleLabel(name: string, language: Language = 'uk'): string {
  if (!isRoleName(name)) return name
  return translateMessage(msg(`labels.role.${name}`), language)
}

export function isRoleName(value: unknown): value is RoleName {
  return typeof value === 'string' && (ROLE_NAMES as readonly string[]).includes(value)
}

/** Only the first role of a profile counts (spec §6); no role or an unknown one means 'user'. */
export function effectiveRole(roles: readonly { name: string }[] | null | undefined): RoleName {
  const first = roles?.[0]?.name
  return isRoleName(first) ? first : DEFAULT_ROLE
}

/** Users and roles are managed by administrators only. */
export function canManageUsers(role: RoleName): boolean {
  return role === 'admin'
}

/** Categories (device types) and devices are managed by administrators and creators. */
export function canManageCatalogue(role: RoleName): boolean {
  return role === 'admin' || role === 'creator'
}
