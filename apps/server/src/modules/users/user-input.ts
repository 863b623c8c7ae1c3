import { msg } from '@teplo/domain'
import { and, eq, inArray, ne } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { invalidField } from '../../lib/api-error.ts'
import { roles } from '../roles/roles.tables.ts'
import { UPLOADS_URL_PREFIX } from '../uploads/upload-storage.ts'
import { users } from './users.tables.ts'

export const emailTaken = () => invalidField('email', msg('server.users.emailTaken'))

export async function assertEmailFree(db: Database, email: string, exceptUserId?: number): Promise<void> {
  const sameEmail = eq(users.email, email)
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(exceptUserId ? and(sameEmail, ne(users.id, exceptUserId)) : sameEmail)
    .limit(1)
  if (taken) throw emailTaken()
}

export type ResolvedRole = { id: number; name: string }

// Keeps the order sent (the first role is the one that counts) and drops repeats.
export async function resolveRoles(db: Database, refs: { id: string }[]): Promise<ResolvedRole[]> {
  const ids = [...new Set(refs.map((ref) => ref.id.trim()))]
  const missing = () => invalidField('roles', msg('server.users.noSuchRole'))
  if (ids.length === 0) throw invalidField('roles', msg('server.users.chooseRole'))
  if (ids.some((id) => !/^\d{1,9}$/.test(id))) throw missing()
  const rows = await db
    .select({ id: roles.id, name: roles.name })
    .from(roles)
    .where(inArray(roles.id, ids.map(Number)))
  const byId = new Map(rows.map((row) => [String(row.id), row]))
  return ids.map((id) => {
    const row = byId.get(id)
    if (!row) throw missing()
    return row
  })
}

// A stored picture is one of our own uploads or an http(s) address; nothing else reaches an <img>.
export function checkProfileImage(value: string | null | undefined): string | null | undefined {
  if (value === undefined || value === null) return value
  const image = value.trim()
  if (image === '') return null
  const ownPath = image.startsWith(UPLOADS_URL_PREFIX) && !image.includes('..')
  const webAddress = /^https?:\/\/[^\s]+$/i.test(image)
  if (image.length > 2048 || !(ownPath || webAddress) || /\s/.test(image)) {
    throw invalidField('profile_image', msg('server.users.badAvatar'))
  }
  return image
}
