import { msg } from '@teplo/domain'
import { forbidden } from '../../lib/api-error.ts'

// The seed creates ids 1–3 of roles, categories and users; the product relies on them (docs/decisions/004).
export const DEFAULT_RECORD_MAX_ID = 3

export type DefaultKind = 'roles' | 'categories' | 'users'

export function isDefaultRecord(id: number): boolean {
  return id <= DEFAULT_RECORD_MAX_ID
}

const REFUSALS: Record<DefaultKind, string> = {
  roles: msg('server.roles.defaultRoles'),
  categories: msg('server.roles.defaultCategories'),
  users: msg('server.roles.defaultUsers'),
}

export function assertNotDefault(kind: DefaultKind, id: number): void {
  if (isDefaultRecord(id)) throw forbidden(REFUSALS[kind])
}
