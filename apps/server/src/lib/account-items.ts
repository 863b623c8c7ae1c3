import { sql } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { invalidField } from './api-error.ts'
import { rowsOf } from './sql-result.ts'

/**
 * A list of devices an account names for something of its own (a webhook, a Home Assistant connection) must be
 * devices it owns or has a share of: the first that is not is a 422 on `<field>/<index>`, with `detail(id)`.
 */
export async function assertAccountItems(
  db: Database,
  userId: number,
  itemIds: readonly number[] | null | undefined,
  field: string,
  detail: (id: number) => string,
): Promise<void> {
  if (!itemIds || itemIds.length === 0) return
  const visible = new Set(
    rowsOf<{ id: number }>(
      await db.execute(sql`
        select i.id from items i
        where i.id = any(${`{${itemIds.join(',')}}`}::int[])
          and (i.user_id = ${userId}
            or exists (select 1 from item_shares s where s.item_id = i.id and s.user_id = ${userId}))`),
    ).map((row) => Number(row.id)),
  )
  const missing = itemIds.findIndex((id) => !visible.has(id))
  if (missing >= 0) throw invalidField(`${field}/${missing}`, detail(itemIds[missing]!))
}
