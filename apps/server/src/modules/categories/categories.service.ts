import type { CATEGORY_SORTS, CategoryData } from '@teplo/domain'
import { msg } from '@teplo/domain'
import { count, eq } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { HttpError, notFound } from '../../lib/api-error.ts'
import { isForeignKeyViolation } from '../../lib/database-errors.ts'
import type { AppEventBus } from '../../lib/events.ts'
import { formatDate, typedResource } from '../../lib/jsonapi.ts'
import { listPage, nameFilter, sortOrder } from '../../lib/list-page.ts'
import type { ListQuery } from '../../lib/list-query.ts'
import { items } from '../items/items.tables.ts'
import { assertNotDefault } from '../roles/default-records.ts'
import { categories } from './categories.tables.ts'

const sortColumns = {
  name: categories.name,
  description: categories.description,
  created_at: categories.createdAt,
} satisfies Record<(typeof CATEGORY_SORTS)[number], unknown>

export type CategoryRow = typeof categories.$inferSelect

export const categoryResource = (row: CategoryRow) =>
  typedResource('categories', row.id, {
    name: row.name,
    description: row.description,
    created_at: formatDate(row.createdAt),
    updated_at: formatDate(row.updatedAt),
  })

export async function listCategories(db: Database, query: ListQuery, rawQuery: Record<string, unknown>) {
  const { rows, page } = await listPage(
    db,
    categories,
    {
      where: nameFilter(categories.name, query['filter[name]']),
      orderBy: sortOrder(query.sort, sortColumns, categories.id),
      path: '/api/v2/categories',
    },
    query,
    rawQuery,
  )
  return { data: rows.map(categoryResource), ...page }
}

async function findCategory(db: Database, id: number): Promise<CategoryRow> {
  const [row] = await db.select().from(categories).where(eq(categories.id, id)).limit(1)
  if (!row) throw notFound(msg('server.categories.notFound'))
  return row
}

export async function getCategory(db: Database, id: number) {
  return { data: categoryResource(await findCategory(db, id)) }
}

export async function createCategory(db: Database, input: CategoryData) {
  const [row] = await db
    .insert(categories)
    .values({ name: input.name, description: input.description ?? '' })
    .returning()
  if (!row) throw new Error('category insert returned no row')
  return { data: categoryResource(row) }
}

export async function updateCategory(
  db: Database,
  events: AppEventBus,
  id: number,
  input: Partial<CategoryData>,
) {
  const current = await findCategory(db, id)
  assertNotDefault('categories', id)
  const changes = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
  }
  if (Object.keys(changes).length === 0) return { data: categoryResource(current) }
  const [row] = await db
    .update(categories)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(categories.id, id))
    .returning()
  if (!row) throw notFound(msg('server.categories.notFound'))
  events.emit('category.changed', { categoryId: id })
  return { data: categoryResource(row) }
}

const hasItems = () => new HttpError(422, msg('server.categories.hasItems'))

export async function deleteCategory(db: Database, events: AppEventBus, id: number): Promise<void> {
  await findCategory(db, id)
  assertNotDefault('categories', id)
  const [used] = await db.select({ n: count() }).from(items).where(eq(items.categoryId, id))
  if ((used?.n ?? 0) > 0) throw hasItems()
  try {
    await db.delete(categories).where(eq(categories.id, id))
  } catch (error) {
    // A device was added to the category between the check and the delete.
    if (isForeignKeyViolation(error)) throw hasItems()
    throw error
  }
  events.emit('category.changed', { categoryId: id })
}
