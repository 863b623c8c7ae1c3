import { type FirmwareImageResource, firmwareUploadFieldsSchema, msg } from '@teplo/domain'
import { and, desc, eq, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { errorObject, HttpError, invalidField, notFound } from '../../lib/api-error.ts'
import { isUniqueViolation } from '../../lib/database-errors.ts'
import { formatDate, typedResource } from '../../lib/jsonapi.ts'
import { categories } from '../categories/categories.tables.ts'
import { firmwareImages, firmwareRollouts } from './firmware.tables.ts'
import { removeFirmware } from './firmware-storage.ts'
import type { FirmwareUpload } from './firmware-upload.ts'

export type FirmwareImageRow = typeof firmwareImages.$inferSelect

export const IMAGE_NOT_FOUND = msg('server.firmware.notFound')
export const IMAGE_IN_USE = msg('server.firmware.inUse')

const duplicateVersion = (version: string) =>
  new HttpError(409, [
    errorObject(409, msg('server.firmware.versionTaken', { version }), {
      pointer: '/data/attributes/version',
    }),
  ])

// A running rollout sends this image.
const inUse = sql<boolean>`exists (select 1 from ${firmwareRollouts} r
  where r.image_id = ${firmwareImages.id} and r.status = 'running')`

export function firmwareImageResource(row: FirmwareImageRow, used: boolean): FirmwareImageResource {
  return typedResource(
    'firmware',
    row.id,
    {
      version: row.version,
      notes: row.notes,
      size: row.size,
      sha256: row.sha256,
      created_at: formatDate(row.createdAt),
      in_use: used,
    },
    { category: { data: { type: 'categories' as const, id: String(row.categoryId) } } },
  )
}

/** Every image, newest first. */
export async function listFirmwareImages(db: Database) {
  const rows = await db
    .select({ image: firmwareImages, inUse })
    .from(firmwareImages)
    .orderBy(desc(firmwareImages.createdAt), desc(firmwareImages.id))
  return { data: rows.map((row) => firmwareImageResource(row.image, row.inUse)) }
}

export async function findFirmwareImage(db: Database, id: number): Promise<FirmwareImageRow | undefined> {
  const [row] = await db.select().from(firmwareImages).where(eq(firmwareImages.id, id)).limit(1)
  return row
}

/**
 * Keeps an uploaded image: its fields are checked after the file is stored (a multipart form's fields may come
 * after the file), and the file is removed again when they are refused.
 */
export async function createFirmwareImage(
  db: Database,
  dataDir: string,
  userId: number,
  upload: FirmwareUpload,
) {
  try {
    const parsed = firmwareUploadFieldsSchema.safeParse(upload.fields)
    if (!parsed.success) {
      throw new HttpError(
        422,
        parsed.error.issues.map((issue) =>
          errorObject(422, issue.message, { pointer: `/data/attributes/${issue.path.join('/')}` }),
        ),
      )
    }
    const { category_id, version, notes } = parsed.data
    const categoryId = Number(category_id)
    const [category] = await db
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.id, categoryId))
      .limit(1)
    if (!category) throw invalidField('category_id', msg('server.firmware.noSuchCategory'))
    const [existing] = await db
      .select({ id: firmwareImages.id })
      .from(firmwareImages)
      .where(and(eq(firmwareImages.categoryId, categoryId), eq(firmwareImages.version, version)))
      .limit(1)
    if (existing) throw duplicateVersion(version)
    const [row] = await db
      .insert(firmwareImages)
      .values({
        categoryId,
        version,
        notes: notes ?? '',
        fileName: upload.file.fileName,
        size: upload.file.size,
        sha256: upload.file.sha256,
        createdBy: userId,
      })
      .returning()
      .catch((err: unknown) => {
        // Two uploads of one version at once: the second is the duplicate.
        throw isUniqueViolation(err) ? duplicateVersion(version) : err
      })
    return { data: firmwareImageResource(row!, false) }
  } catch (err) {
    await removeFirmware(dataDir, upload.file.fileName)
    throw err
  }
}

/** Deletes an image and its file; refused while a running rollout sends it. */
export async function deleteFirmwareImage(db: Database, dataDir: string, id: number): Promise<void> {
  const [row] = await db
    .select({ image: firmwareImages, inUse })
    .from(firmwareImages)
    .where(eq(firmwareImages.id, id))
  if (!row) throw notFound(IMAGE_NOT_FOUND)
  if (row.inUse) throw new HttpError(409, IMAGE_IN_USE)
  const deleted = await db
    .delete(firmwareImages)
    .where(
      and(
        eq(firmwareImages.id, id),
        sql`not exists (select 1 from ${firmwareRollouts} r where r.image_id = ${id} and r.status = 'running')`,
      ),
    )
    .returning({ id: firmwareImages.id })
  if (deleted.length === 0) throw new HttpError(409, IMAGE_IN_USE)
  await removeFirmware(dataDir, row.image.fileName)
}
