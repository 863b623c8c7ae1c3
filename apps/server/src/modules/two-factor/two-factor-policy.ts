import type { RoleName, SecuritySettingsDocument } from '@teplo/domain'
import { msg } from '@teplo/domain'
import { eq, inArray, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { HttpError } from '../../lib/api-error.ts'
import type { AppEventBus } from '../../lib/events.ts'
import { roles } from '../roles/roles.tables.ts'
import { userRoles, users } from '../users/users.tables.ts'
import { appSettings, passkeys, totpSecrets } from './two-factor.tables.ts'

/** The roles the administrators' setting applies to: whoever can change devices beyond their own household. */
export const STAFF_ROLES: readonly RoleName[] = ['admin', 'creator']
const KEY = 'require_two_factor'

export const TWO_FACTOR_REQUIRED = msg('server.twoFactor.requiredForRole')

/** SQL over `users.id`: the account has a second factor (TOTP on, or a passkey). */
export const hasSecondFactorSql = sql<boolean>`(exists(select 1 from ${totpSecrets} where ${totpSecrets.userId} = ${users.id} and ${totpSecrets.enabledAt} is not null) or exists(select 1 from ${passkeys} where ${passkeys.userId} = ${users.id}))`

/** SQL: the administrators' setting is on. */
export const twoFactorRequiredSql = sql<boolean>`coalesce((select ${appSettings.value} = 'true'::jsonb from ${appSettings} where ${appSettings.key} = ${KEY}), false)`

export async function twoFactorRequired(db: Database): Promise<boolean> {
  const [row] = await db.select({ on: twoFactorRequiredSql }).from(sql`(select 1) as one`)
  return row?.on ?? false
}

export function securitySettingsDocument(on: boolean): SecuritySettingsDocument {
  return { data: { type: 'security-settings', id: '1', attributes: { require_two_factor: on } } }
}

/**
 * Turns the requirement on or off. The administrator turning it on must have a second factor already (else the
 * next request would lock them out of the setting itself). Every admin's and installer's remembered sessions are
 * read again, on every instance, so the rule holds at once.
 */
export async function setTwoFactorRequired(
  db: Database,
  events: AppEventBus,
  admin: { userId: number },
  on: boolean,
): Promise<SecuritySettingsDocument> {
  if (on) {
    const [self] = await db.select({ has: hasSecondFactorSql }).from(users).where(eq(users.id, admin.userId))
    if (!self?.has) throw new HttpError(409, msg('server.twoFactor.enableForSelfFirst'))
  }
  await db
    .insert(appSettings)
    .values({ key: KEY, value: on })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: on, updatedAt: new Date() } })
  const staff = await db
    .selectDistinct({ userId: userRoles.userId })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(inArray(roles.name, [...STAFF_ROLES]))
  for (const { userId } of staff) events.emit('user.access-changed', { userId })
  return securitySettingsDocument(on)
}
