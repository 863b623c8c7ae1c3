import { effectiveRole, HOME_ASSISTANT_MAX_ITEMS, isLanguage, type Language } from '@teplo/domain'
import { sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { anyOf } from '../../lib/sql-any.ts'
import { rowsOf } from '../../lib/sql-result.ts'
import type { Caller } from '../items/item-access.ts'

/**
 * Who acts for the account in Home Assistant: the account as it is now (its role and language read afresh), with
 * the rights of a `control` personal API token (ADR 060) limited to the connection's devices. Null when the account
 * is gone.
 */
export async function homeAssistantCaller(
  db: Database,
  userId: number,
  itemIds: readonly number[] | null,
): Promise<Caller | null> {
  const [row] = rowsOf<{ language: string; roles: { name: string }[] }>(
    await db.execute(sql`
      select u.language, coalesce((
        select json_agg(json_build_object('name', r.name) order by ur.position, r.id)
        from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = u.id), '[]'::json) as roles
      from users u where u.id = ${userId}`),
  )
  if (!row) return null
  const language: Language = isLanguage(row.language) ? row.language : 'uk'
  return {
    userId,
    role: effectiveRole(row.roles),
    language,
    apiToken: {
      id: 0,
      scopes: ['control'],
      items: itemIds && itemIds.length > 0 ? new Set(itemIds) : null,
    },
  }
}

/**
 * The devices a connection publishes: those the account owns or is shared, in service (not awaiting pairing, not
 * archived), limited to its list when it has one. An administrator's connection is no window on the whole fleet:
 * it publishes their own and shared devices too.
 */
export async function accountDeviceIds(
  db: Database,
  userId: number,
  itemIds: readonly number[] | null,
): Promise<number[]> {
  const limited = itemIds && itemIds.length > 0
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      select i.id from items i
      where (i.user_id = ${userId}
          or exists (select 1 from item_shares s where s.item_id = i.id and s.user_id = ${userId}))
        and i.status not in ('pending', 'archive')
        ${limited ? sql`and ${anyOf(sql`i.id`, itemIds, 'int4')}` : sql``}
      order by i.id limit ${HOME_ASSISTANT_MAX_ITEMS}`),
  )
  return rows.map((row) => Number(row.id))
}
