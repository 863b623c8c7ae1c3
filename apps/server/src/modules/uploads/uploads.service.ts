import type { RoleName } from '@teplo/domain'
import { eq } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { forbidden, notFound } from '../../lib/api-error.ts'
import type { AppEventBus } from '../../lib/events.ts'
import { itemFor } from '../items/item-access.ts'
import { items } from '../items/items.tables.ts'
import { users } from '../users/users.tables.ts'
import type { ImageFile } from './image-attachment.ts'
import { removeUpload, storeUpload } from './upload-storage.ts'

export type Uploader = { userId: number; role: RoleName }
export type UploadContext = { db: Database; events: AppEventBus; dataDir: string; uploader: Uploader }

// Permission is settled before the file is read, so a refused caller learns nothing about the file rules.
export async function uploadProfileImage(
  { db, dataDir, uploader }: UploadContext,
  userId: number,
  readImage: () => Promise<ImageFile>,
): Promise<string> {
  if (uploader.userId !== userId && uploader.role !== 'admin') throw forbidden()
  const [user] = await db
    .select({ profileImage: users.profileImage })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1)
  if (!user) throw notFound()
  const image = await readImage()
  const url = await storeUpload(dataDir, 'users', userId, image.content, image.extension)
  await db.update(users).set({ profileImage: url, updatedAt: new Date() }).where(eq(users.id, userId))
  await removeUpload(dataDir, user.profileImage)
  return url
}

// Someone else's device answers 404 like a missing one: its existence is not revealed.
export async function uploadItemImage(
  { db, events, dataDir, uploader }: UploadContext,
  itemId: number,
  readImage: () => Promise<ImageFile>,
): Promise<string> {
  // The owner's or the installer's (ADR 018); a viewer or operator may not replace it.
  const { item } = await itemFor(db, uploader, itemId, 'picture')
  const image = await readImage()
  const url = await storeUpload(dataDir, 'items', itemId, image.content, image.extension)
  await db.update(items).set({ image: url, updatedAt: new Date() }).where(eq(items.id, itemId))
  events.emit('item.updated', { itemId })
  await removeUpload(dataDir, item.image)
  return url
}
