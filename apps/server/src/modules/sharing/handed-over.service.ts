import type { HandedOverResource } from '@teplo/domain'
import { and, desc, eq, gt, isNotNull, isNull, ne, or } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { formatDate } from '../../lib/jsonapi.ts'
import type { Caller } from '../items/item-access.ts'
import { itemHandovers, items } from '../items/items.tables.ts'

/** How long the previous holder is told about a device it handed on. */
export const HANDED_OVER_DAYS = 30
const HANDED_OVER_SHOWN = 20

/**
 * GET /me/handed-over: devices the caller handed on in the last days (an ownership invitation it sent or an owner
 * code it issued, accepted by someone else, and the device no longer the caller's), newest first. The previous
 * holder keeps no access (ADR 033); this is what lets its screen say so (ADR 048).
 */
export async function listHandedOver(db: Database, caller: Caller, now = new Date()) {
  const since = new Date(now.getTime() - HANDED_OVER_DAYS * 86_400_000)
  const rows = await db
    .select({
      id: itemHandovers.id,
      kind: itemHandovers.kind,
      email: itemHandovers.email,
      claimedAt: itemHandovers.claimedAt,
      itemName: items.name,
      serialNumber: items.serialNumber,
    })
    .from(itemHandovers)
    .innerJoin(items, eq(items.id, itemHandovers.itemId))
    .where(
      and(
        eq(itemHandovers.issuedBy, caller.userId),
        isNotNull(itemHandovers.claimedAt),
        gt(itemHandovers.claimedAt, since),
        or(isNull(itemHandovers.claimedBy), ne(itemHandovers.claimedBy, caller.userId)),
        or(eq(itemHandovers.kind, 'owner'), eq(itemHandovers.access, 'owner')),
        ne(items.userId, caller.userId),
      ),
    )
    .orderBy(desc(itemHandovers.claimedAt))
    .limit(HANDED_OVER_SHOWN)
  const data: HandedOverResource[] = rows.map((row) => ({
    type: 'handed-over',
    id: String(row.id),
    attributes: {
      item_name: row.itemName,
      serial_number: row.serialNumber,
      to_email: row.kind === 'invitation' ? row.email : null,
      handed_over_at: formatDate(row.claimedAt ?? now),
    },
    links: { self: '/api/v2/me/handed-over' },
  }))
  return { data }
}
