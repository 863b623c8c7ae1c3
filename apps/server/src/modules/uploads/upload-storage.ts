import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'

export type UploadOwner = 'users' | 'items'

export const UPLOADS_URL_PREFIX = '/uploads/'

export function uploadsRoot(dataDir: string): string {
  return path.join(dataDir, 'uploads')
}

function ownerDir(dataDir: string, owner: UploadOwner, id: number): string {
  return path.join(uploadsRoot(dataDir), owner, String(id))
}

// Random names: a URL cannot be guessed from another, and a replaced image never hits a stale cache.
export async function storeUpload(
  dataDir: string,
  owner: UploadOwner,
  id: number,
  content: Buffer,
  extension: string,
): Promise<string> {
  const dir = ownerDir(dataDir, owner, id)
  await fs.mkdir(dir, { recursive: true })
  const name = `${randomBytes(16).toString('hex')}.${extension}`
  await fs.writeFile(path.join(dir, name), content, { flag: 'wx' })
  return `${UPLOADS_URL_PREFIX}${owner}/${id}/${name}`
}

// Only files under our own uploads folder are ever removed, whatever the stored URL says.
export async function removeUpload(dataDir: string, url: string | null | undefined): Promise<void> {
  if (!url?.startsWith(UPLOADS_URL_PREFIX)) return
  const root = uploadsRoot(dataDir)
  const file = path.resolve(root, url.slice(UPLOADS_URL_PREFIX.length))
  if (!file.startsWith(`${root}${path.sep}`)) return
  await fs.rm(file, { force: true })
}

export async function removeOwnerUploads(dataDir: string, owner: UploadOwner, id: number): Promise<void> {
  await fs.rm(ownerDir(dataDir, owner, id), { recursive: true, force: true })
}
