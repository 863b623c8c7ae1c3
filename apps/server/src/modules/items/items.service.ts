import { type ItemCreateData, isShareLevel, msg, type ShareLevel } from '@teplo/domain'
import { eq } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { forbidden, invalidField, notFound } from '../../lib/api-error.ts'
import { isUniqueViolation } from '../../lib/database-errors.ts'
import type { AppEventBus } from '../../lib/events.ts'
import { escapeLike, type ListQuery, pageMeta, pagination } from '../../lib/list-query.ts'
import { verificationCode } from '../../lib/secrets.ts'
import { type CategoryRow, categoryResource } from '../categories/categories.service.ts'
import { categories } from '../categories/categories.tables.ts'
import { itemShares } from '../sharing/sharing.tables.ts'
import { userResource } from '../users/user-document.ts'
import { rolesOfUser } from '../users/user-roles.ts'
import { users } from '../users/users.tables.ts'
import {
  accessOf,
  type Caller,
  can,
  findItemFor,
  ITEM_NOT_FOUND,
  type ItemAccess,
  itemFor,
} from './item-access.ts'
import type { CachedItem, ItemCache } from './item-cache.ts'
import { type ItemRow, itemResource } from './item-document.ts'
import {
  countItems,
  prepareCategories,
  prepared,
  prepareItemsById,
  prepareListIds,
  prepareListPage,
  type ScopeKind,
} from './item-list-statements.ts'
import { items } from './items.tables.ts'

export const SERIAL_TAKEN = msg('server.items.serialTaken')
const CATEGORY_MISSING = msg('server.items.categoryRequired')

export type ItemListQuery = ListQuery & {
  include?: 'category' | undefined
  'filter[user_id]'?: number | undefined
  /**
   * Absent: the caller's devices and those shared with them; 'own': held by the caller; 'shared': shared with
   * them; 'all': every account's devices (administrators).
   */
  'filter[scope]'?: 'all' | 'own' | 'shared' | undefined
}

async function categoriesById(db: Database, ids: number[]): Promise<CategoryRow[]> {
  const unique = [...new Set(ids)]
  if (unique.length === 0) return []
  return prepared(db, 'categories', () => prepareCategories(db)).execute({ ids: unique })
}

// Which devices a list shows; only an administrator may look at another account's devices.
function scopeOf(caller: Caller, query: ItemListQuery): { kind: ScopeKind; userId: number } {
  const scope = query['filter[scope]']
  const userId = query['filter[user_id]']
  if (userId !== undefined && userId !== caller.userId && caller.role !== 'admin') throw forbidden()
  if (scope === 'all' && caller.role !== 'admin') throw forbidden()
  if (userId !== undefined) return { kind: 'user', userId }
  return { kind: scope ?? 'visible', userId: caller.userId }
}

export function itemResourceFor(caller: Caller, item: ItemRow, access: ItemAccess) {
  return itemResource(item, { showCode: can(caller, access, 'service'), access, language: caller.language })
}

type PageRow = { item: ItemRow; share: ShareLevel | null; entry?: CachedItem | undefined }
/** Devices of a page from the item cache; those it does not hold read by id (one query) and remembered. */
async function devicesOf(
  db: Database,
  caller: Caller,
  ids: { id: number; share: ShareLevel | null }[],
  cache: ItemCache,
): Promise<PageRow[]> {
  const found = new Map<number, PageRow>()
  const missing: number[] = []
  for (const { id, share } of ids) {
    const entry = cache.peek(id)
    if (entry) found.set(id, { item: entry.item, share, entry })
    else missing.push(id)
  }
  if (missing.length > 0) {
    const reads = missing.map((id) => cache.begin(id))
    try {
      const rows = await prepared(db, 'by id', () => prepareItemsById(db)).execute({
        ids: missing,
        callerId: caller.userId,
      })
      for (const { item, share } of rows) {
        const level = isShareLevel(share) ? share : null
        const read = reads[missing.indexOf(item.id)]!
        found.set(item.id, {
          item,
          share: level,
          entry: cache.set(item.id, caller.userId, item, level, read),
        })
      }
    } finally {
      for (const [i, id] of missing.entries()) cache.abandon(id, reads[i]!)
    }
  }
  // A device deleted between the two queries is left out.
  return ids.flatMap(({ id }) => {
    const row = found.get(id)
    return row ? [row] : []
  })
}

export async function listItems(
  db: Database,
  caller: Caller,
  query: ItemListQuery,
  rawQuery: object,
  cache?: ItemCache,
) {
  const { kind, userId } = scopeOf(caller, query)
  const needle = query['filter[name]']?.trim()
  const name = needle ? `%${escapeLike(needle)}%` : undefined
  const named = name !== undefined
  const { limit, offset } = pagination(query)
  // A token limited to some devices lists those only (ADR 060).
  const tokenItems = caller.apiToken?.items ? [...caller.apiToken.items] : undefined
  const limited = tokenItems !== undefined
  const params = {
    scopeUser: userId,
    callerId: caller.userId,
    limit,
    offset,
    ...(named ? { name } : {}),
    ...(limited ? { tokenItems } : {}),
  }
  const shape = `${kind} ${query.sort} ${named} ${limited}`
  if (!cache?.enabled) {
    const page = await prepared(db, `page ${shape}`, () =>
      prepareListPage(db, kind, query.sort, named, limited),
    ).execute(params)
    const rows = page.map(({ item, share }) => ({ item, share: isShareLevel(share) ? share : null }))
    const total = page[0]?.total ?? (offset === 0 ? 0 : await countItems(db, kind, userId, name, tokenItems))
    return listDocument(query, rawQuery, await listAnswer(db, caller, query, rows, total))
  }
  // The answer for this account and query is remembered until the next announcement of any change (ADR 028):
  // a device changed may enter, leave or move in any list. Otherwise the page (which devices, the caller's share
  // on each, the count) is read from the database and the devices come from the item cache. The web app's
  // cache-busting parameters are not part of the key; the links, which repeat them, are written per request.
  const { _: busting, t: stamp, ...stable } = query as ItemListQuery & { _?: string; t?: string }
  const key = `${caller.userId} ${caller.role} ${caller.language ?? 'uk'} ${caller.apiToken ? `token ${caller.apiToken.id}` : ''} ${JSON.stringify(stable)}`
  let answer = cache.getPage<ListAnswer>(key)
  if (!answer) {
    const generation = cache.beginPage()
    const ids = await prepared(db, `ids ${shape}`, () =>
      prepareListIds(db, kind, query.sort, named, limited),
    ).execute(params)
    const rows = await devicesOf(
      db,
      caller,
      ids.map(({ id, share }) => ({ id, share: isShareLevel(share) ? share : null })),
      cache,
    )
    const total = ids[0]?.total ?? (offset === 0 ? 0 : await countItems(db, kind, userId, name, tokenItems))
    answer = await listAnswer(db, caller, query, rows, total, cache)
    cache.setPage(key, answer, generation)
  }
  // Without cache-busting parameters the document, links included, is the same for every such request.
  if (busting === undefined && stamp === undefined) {
    answer.document ??= listDocument(query, rawQuery, answer)
    return answer.document
  }
  return listDocument(query, rawQuery, answer)
}

type ListAnswer = Awaited<ReturnType<typeof listAnswer>> & { document?: ReturnType<typeof listDocument> }

/** A page's resources and count; the document adds the page figures and links. */
async function listAnswer(
  db: Database,
  caller: Caller,
  query: ItemListQuery,
  rows: PageRow[],
  total: number,
  cache?: ItemCache,
) {
  const data = rows.map(({ item, share, entry }) => {
    const access = accessOf(caller, item, share) ?? 'viewer'
    const showCode = can(caller, access, 'service')
    const build = () => itemResource(item, { showCode, access, language: caller.language })
    return entry && cache
      ? cache.view(entry, `${access}:${showCode}:${caller.language ?? 'uk'}`, build)
      : build()
  })
  if (query.include !== 'category') return { data, total }
  const included = (
    await categoriesById(
      db,
      rows.map((row) => row.item.categoryId),
    )
  ).map(categoryResource)
  return { data, total, included }
}

function listDocument(query: ItemListQuery, rawQuery: object, answer: ListAnswer) {
  const meta = pageMeta(answer.total, query, '/api/v2/items', rawQuery as Record<string, unknown>)
  if (!('included' in answer)) return { data: answer.data, ...meta }
  return { data: answer.data, ...meta, included: answer.included }
}

export async function itemDocument(
  db: Database,
  caller: Caller,
  item: ItemRow,
  includeCategory: boolean,
  access?: ItemAccess,
) {
  const resolved = access ?? (await itemFor(db, caller, item.id)).access
  const data = itemResourceFor(caller, item, resolved)
  if (!includeCategory) return { data }
  const included = (await categoriesById(db, [item.categoryId])).map(categoryResource)
  return { data, included }
}

/**
 * One device for `GET /items/{id}`. With the item cache (ADR 028) a device this caller read a moment ago is
 * answered from memory, its wire resource built once per view; the cache forgets it on any announced change.
 */
export async function getItem(
  db: Database,
  caller: Caller,
  id: number,
  includeCategory: boolean,
  cache?: ItemCache,
) {
  if (!cache) {
    const { item, access } = await itemFor(db, caller, id)
    return itemDocument(db, caller, item, includeCategory, access)
  }
  let entry = cache.get(id, caller.userId)
  let item: ItemRow
  let share: ShareLevel | null
  if (entry) {
    item = entry.item
    share = entry.shares.get(caller.userId) ?? null
  } else {
    const read = cache.begin(id)
    let found: Awaited<ReturnType<typeof findItemFor>>
    try {
      found = await findItemFor(db, caller.userId, id)
    } catch (error) {
      cache.abandon(id, read)
      throw error
    }
    if (!found) {
      cache.abandon(id, read)
      throw notFound(ITEM_NOT_FOUND)
    }
    item = found.item
    share = found.share
    entry = cache.set(id, caller.userId, item, share, read)
  }
  const access = accessOf(caller, item, share)
  if (access === null) throw notFound(ITEM_NOT_FOUND)
  const showCode = can(caller, access, 'service')
  const build = () => itemResource(item, { showCode, access, language: caller.language })
  const data = entry ? cache.view(entry, `${access}:${showCode}:${caller.language ?? 'uk'}`, build) : build()
  if (!includeCategory) return { data }
  const included = (await categoriesById(db, [item.categoryId])).map(categoryResource)
  return { data, included }
}

// The account a device belongs to, in the users' document shape.
export async function itemUser(db: Database, caller: Caller, id: number) {
  const { item } = await itemFor(db, caller, id)
  const [user] = await db.select().from(users).where(eq(users.id, item.userId)).limit(1)
  if (!user) throw notFound(ITEM_NOT_FOUND)
  return { data: userResource(user, await rolesOfUser(db, user.id)) }
}

export function parseCategoryId(value: string): number | null {
  const id = /^\d{1,9}$/.test(value) ? Number(value) : 0
  return id > 0 ? id : null
}

export async function assertCategoryExists(db: Database, value: string): Promise<number> {
  const id = parseCategoryId(value)
  const [row] = id
    ? await db.select({ id: categories.id }).from(categories).where(eq(categories.id, id)).limit(1)
    : []
  if (!row) throw invalidField('category_id', CATEGORY_MISSING)
  return row.id
}

async function assertSerialFree(db: Database, serialNumber: string): Promise<void> {
  const [row] = await db
    .select({ id: items.id })
    .from(items)
    .where(eq(items.serialNumber, serialNumber))
    .limit(1)
  if (row) throw invalidField('serial_number', SERIAL_TAKEN)
}

const OWNER_MISSING = msg('server.items.chooseOwner')
const OWNER_NAME_MISSING = msg('server.items.ownerRequired')

// The account a new device goes to: the one named, or the installer's own until it is handed over.
async function ownerOf(db: Database, caller: Caller, input: ItemCreateData) {
  if (input.user_id === undefined) {
    if (input.owner === undefined) throw invalidField('owner', OWNER_NAME_MISSING)
    return { userId: caller.userId, owner: input.owner }
  }
  const [user] = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(eq(users.id, Number(input.user_id)))
    .limit(1)
  if (!user) throw invalidField('user_id', OWNER_MISSING)
  return { userId: user.id, owner: user.name }
}

export async function createItem(db: Database, events: AppEventBus, caller: Caller, input: ItemCreateData) {
  const categoryId = await assertCategoryExists(db, input.category_id)
  const { userId, owner } = await ownerOf(db, caller, input)
  await assertSerialFree(db, input.serial_number)
  const code = verificationCode()
  let created: ItemRow | undefined
  try {
    created = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(items)
        .values({
          userId,
          categoryId,
          name: input.name,
          owner,
          serialNumber: input.serial_number,
          description: input.description,
          excerpt: input.description,
          status: 'pending',
          isOnHomepage: false,
          verificationToken: code,
        })
        .returning()
      // Registered straight onto the customer's account: the installer keeps installer access (ADR 018).
      if (row && userId !== caller.userId && caller.role === 'creator') {
        await tx
          .insert(itemShares)
          .values({ itemId: row.id, userId: caller.userId, access: 'installer', grantedBy: caller.userId })
      }
      return row
    })
  } catch (error) {
    // Two requests may still race for one serial number.
    if (isUniqueViolation(error)) throw invalidField('serial_number', SERIAL_TAKEN)
    throw error
  }
  if (!created) throw new Error('insert returned no row')
  events.emit('item.updated', { itemId: created.id })
  const access = accessOf(caller, created, 'installer') ?? 'installer'
  return { ...(await itemDocument(db, caller, created, false, access)), meta: { verification_token: code } }
}

export async function deleteItem(db: Database, events: AppEventBus, caller: Caller, id: number) {
  const { item } = await itemFor(db, caller, id, 'administer')
  await db.delete(items).where(eq(items.id, item.id))
  events.emit('item.deleted', { itemId: item.id, serialNumber: item.serialNumber })
}
