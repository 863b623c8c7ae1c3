import type { TAG_SORTS, TagData } from '@teplo/domain'
import { msg } from '@teplo/domain'
import { eq } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { notFound } from '../../lib/api-error.ts'
import { formatDate, typedResource } from '../../lib/jsonapi.ts'
import { listPage, nameFilter, sortOrder } from '../../lib/list-page.ts'
import type { ListQuery } from '../../lib/list-query.ts'
import { tags } from './tags.tables.ts'

const sortColumns = { name: tags.name, color: tags.color, created_at: tags.createdAt } satisfies Record<
  (typeof TAG_SORTS)[number],
  unknown
>

type TagRow = typeof tags.$inferSelect

export const tagResource = (row: TagRow) =>
  typedResource('tags', row.id, {
    name: row.name,
    color: row.color,
    created_at: formatDate(row.createdAt),
    updated_at: formatDate(row.updatedAt),
  })

export async function listTags(db: Database, query: ListQuery, rawQuery: Record<string, unknown>) {
  const { rows, page } = await listPage(
    db,
    tags,
    {
      where: nameFilter(tags.name, query['filter[name]']),
      orderBy: sortOrder(query.sort, sortColumns, tags.id),
      path: '/api/v2/tags',
    },
    query,
    rawQuery,
  )
  return { data: rows.map(tagResource), ...page }
}

async function findTag(db: Database, id: number): Promise<TagRow> {
  const [row] = await db.select().from(tags).where(eq(tags.id, id)).limit(1)
  if (!row) throw notFound(msg('server.tags.notFound'))
  return row
}

export async function getTag(db: Database, id: number) {
  return { data: tagResource(await findTag(db, id)) }
}

// Colours are stored lower-case so that sorting by colour is stable.
export async function createTag(db: Database, input: TagData) {
  const [row] = await db
    .insert(tags)
    .values({ name: input.name, color: input.color.toLowerCase() })
    .returning()
  if (!row) throw new Error('tag insert returned no row')
  return { data: tagResource(row) }
}

export async function updateTag(db: Database, id: number, input: Partial<TagData>) {
  const current = await findTag(db, id)
  const changes = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.color !== undefined ? { color: input.color.toLowerCase() } : {}),
  }
  if (Object.keys(changes).length === 0) return { data: tagResource(current) }
  const [row] = await db
    .update(tags)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(tags.id, id))
    .returning()
  if (!row) throw notFound(msg('server.tags.notFound'))
  return { data: tagResource(row) }
}

export async function deleteTag(db: Database, id: number): Promise<void> {
  await findTag(db, id)
  await db.delete(tags).where(eq(tags.id, id))
}
