import type { Language } from './languages'

export const ROLE_NAMES = ['admin', 'creator', 'user'] as const

export type RoleName = (typeof ROLE_NAMES)[number]

export const DEFAULT_ROLE: RoleName = 'user'

/** How the Ukrainian interface names the built-in roles; a role added by an administrator shows its own name. */
export const ROLE_LABELS: Record<RoleName, string> = {
  admin: 'Адміністратор',
  creator: 'Монтажник',
  user: 'Власник',
}

/** The same names in English. */
export const ROLE_LABELS_EN: Record<RoleName, string> = {
  admin: 'Administrator',
  creator: 'Installer',
  user: 'Owner',
}

export function roleLabel(name: string, language: Language = 'uk'): string {
  if (!isRoleName(name)) return name
  return (language === 'en' ? ROLE_LABELS_EN : ROLE_LABELS)[name]
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
