import { and, asc, count, eq, ilike, or, sql } from 'drizzle-orm'
import type { PgSelect } from 'drizzle-orm/pg-core'
import type { Database } from '../../db/client.ts'
import { sortOrder } from '../../lib/list-page.ts'
import { categories } from '../categories/categories.tables.ts'
import { itemShares } from '../sharing/sharing.tables.ts'
import { items } from './items.tables.ts'

// The statements behind the device list (items.service.ts): which devices a scope holds, one page of them with
// the caller's share on each and the list's count, each prepared once per database and shape.

const sortColumns = {
  name: items.name,
  serial_number: items.serialNumber,
  status: items.status,
  created_at: items.createdAt,
  updated_at: items.updatedAt,
}

export type ScopeKind = 'user' | 'all' | 'own' | 'shared' | 'visible'

const scopeUser = sql.placeholder('scopeUser')
const callerId = sql.placeholder('callerId')
const sharedWithScopeUser = sql`${items.id} in (select ${itemShares.itemId} from ${itemShares} where ${itemShares.userId} = ${scopeUser})`

function scopeWhere(kind: ScopeKind) {
  if (kind === 'all') return undefined
  if (kind === 'user' || kind === 'own') return eq(items.userId, scopeUser)
  if (kind === 'shared') return sharedWithScopeUser
  return or(eq(items.userId, scopeUser), sharedWithScopeUser)
}

// A personal API token limited to some devices (ADR 060) lists only those: `tokenItems`, an array of ids.
const tokenItemsWhere = sql`${items.id} = any(${sql.placeholder('tokenItems')}::int[])`

const pageWhere = (kind: ScopeKind, named: boolean, limited: boolean) =>
  and(
    scopeWhere(kind),
    named ? ilike(items.name, sql.placeholder('name')) : undefined,
    limited ? tokenItemsWhere : undefined,
  )
const callerShare = and(eq(itemShares.itemId, items.id), eq(itemShares.userId, callerId))
const listTotal = sql<number>`count(*) over ()`.mapWith(Number)

/**
 * One page of devices in one round trip: the rows (or their ids alone, when the devices themselves come from the
 * item cache, ADR 028), the caller's share level on each and the number of devices the list holds
 * (`count(*) over ()`), prepared once per selection, scope, sort and filter (at most 2 × 5 × 10 × 2 statements),
 * so that neither drizzle nor the database builds or plans it again for each request.
 */
function listPage<Query extends PgSelect>(
  query: Query,
  kind: ScopeKind,
  sort: string,
  named: boolean,
  limited: boolean,
) {
  return query
    .where(pageWhere(kind, named, limited))
    .orderBy(...sortOrder(sort, sortColumns, items.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
}

const statementName = (prefix: string, kind: ScopeKind, sort: string, named: boolean, limited: boolean) =>
  `${prefix}_${kind}_${sort.replace('-', 'desc_')}${named ? '_named' : ''}${limited ? '_limited' : ''}`

export function prepareListPage(
  db: Database,
  kind: ScopeKind,
  sort: string,
  named: boolean,
  limited = false,
) {
  const query = db
    .select({ item: items, share: itemShares.access, total: listTotal })
    .from(items)
    .leftJoin(itemShares, callerShare)
    .$dynamic()
  return listPage(query, kind, sort, named, limited).prepare(
    statementName('teplo_items', kind, sort, named, limited),
  )
}

export function prepareListIds(db: Database, kind: ScopeKind, sort: string, named: boolean, limited = false) {
  const query = db
    .select({ id: items.id, share: itemShares.access, total: listTotal })
    .from(items)
    .leftJoin(itemShares, callerShare)
    .$dynamic()
  return listPage(query, kind, sort, named, limited).prepare(
    statementName('teplo_item_ids', kind, sort, named, limited),
  )
}

/** Devices by id with the caller's share on each: those of a page the item cache did not hold. */
export const prepareItemsById = (db: Database) =>
  db
    .select({ item: items, share: itemShares.access })
    .from(items)
    .leftJoin(itemShares, callerShare)
    .where(sql`${items.id} = any(${sql.placeholder('ids')}::int[])`)
    .prepare('teplo_items_by_id')

const statements = new WeakMap<Database, Map<string, unknown>>()

/** A statement prepared once per database and key. */
export function prepared<Statement>(db: Database, key: string, prepare: () => Statement): Statement {
  let known = statements.get(db)
  if (!known) {
    known = new Map()
    statements.set(db, known)
  }
  let statement = known.get(key) as Statement | undefined
  if (!statement) {
    statement = prepare()
    known.set(key, statement)
  }
  return statement
}

// A page past the end has no row to carry the count: counted on its own (rare).
export async function countItems(
  db: Database,
  kind: ScopeKind,
  userId: number,
  name: string | undefined,
  tokenItems?: number[],
) {
  const where = and(
    scopeWhere(kind),
    name === undefined ? undefined : ilike(items.name, sql.placeholder('name')),
    tokenItems === undefined ? undefined : tokenItemsWhere,
  )
  const [row] = await db
    .select({ n: count() })
    .from(items)
    .where(where)
    .execute({
      scopeUser: userId,
      ...(name === undefined ? {} : { name }),
      ...(tokenItems === undefined ? {} : { tokenItems }),
    })
  return row?.n ?? 0
}

export const prepareCategories = (db: Database) =>
  db
    .select()
    .from(categories)
    .where(sql`${categories.id} = any(${sql.placeholder('ids')}::int[])`)
    .orderBy(asc(categories.id))
    .prepare('teplo_categories_by_id')
