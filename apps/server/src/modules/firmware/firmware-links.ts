import { msg } from '@teplo/domain'
import { eq, lt } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { HttpError } from '../../lib/api-error.ts'
import { generateSecret, sha256 } from '../../lib/secrets.ts'
import { checkDeviceLogin } from '../device-link/device-credentials.ts'
import { items } from '../items/items.tables.ts'
import { firmwareImages, firmwareLinks } from './firmware.tables.ts'
import type { FirmwareImageRow } from './firmware-images.service.ts'

/** How long a download link works: long enough to start a download, short enough to be useless when leaked. */
export const FIRMWARE_LINK_SECONDS = 15 * 60
export const FIRMWARE_DOWNLOAD_PATH = '/api/v2/firmware-downloads/'

export const DEVICE_LOGIN_NEEDED = msg('server.firmware.deviceCredentialsRequired')
export const LINK_NOT_FOUND = msg('server.firmware.linkNotFound')
export const LINK_OF_ANOTHER_DEVICE = msg('server.firmware.linkOtherItem')
export const LINK_EXPIRED = msg('server.firmware.linkExpired')

/**
 * A new download link for one device and one image. Links that have expired are removed on the way: there are
 * as many as devices being updated, so the table stays small.
 */
export async function issueFirmwareLink(db: Database, itemId: number, imageId: number, now = new Date()) {
  const token = generateSecret()
  await db.delete(firmwareLinks).where(lt(firmwareLinks.expiresAt, now))
  await db.insert(firmwareLinks).values({
    tokenHash: sha256(token),
    itemId,
    imageId,
    expiresAt: new Date(now.getTime() + FIRMWARE_LINK_SECONDS * 1000),
  })
  return token
}

/** The serial and secret of an `Authorization: Basic …` header, or null. */
export function basicCredentials(header: string | undefined): { serial: string; secret: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header ?? '')
  if (!match) return null
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  if (colon <= 0) return null
  return { serial: decoded.slice(0, colon), secret: decoded.slice(colon + 1) }
}

/**
 * The image a download link gives to the device that asks: the device proves who it is with its own link
 * credentials (serial and secret), and the link must be one issued to that very device and not expired.
 */
export async function firmwareForDownload(
  db: Database,
  token: string,
  authorization: string | undefined,
  now = new Date(),
): Promise<FirmwareImageRow> {
  const credentials = basicCredentials(authorization)
  if (!credentials || (await checkDeviceLogin(db, credentials.serial, credentials.secret)) !== 'ok') {
    throw new HttpError(401, DEVICE_LOGIN_NEEDED)
  }
  const [link] = await db
    .select({ serial: items.serialNumber, expiresAt: firmwareLinks.expiresAt, image: firmwareImages })
    .from(firmwareLinks)
    .innerJoin(items, eq(items.id, firmwareLinks.itemId))
    .innerJoin(firmwareImages, eq(firmwareImages.id, firmwareLinks.imageId))
    .where(eq(firmwareLinks.tokenHash, sha256(token)))
    .limit(1)
  if (!link) throw new HttpError(404, LINK_NOT_FOUND)
  if (link.serial !== credentials.serial) throw new HttpError(403, LINK_OF_ANOTHER_DEVICE)
  if (link.expiresAt.getTime() <= now.getTime()) throw new HttpError(410, LINK_EXPIRED)
  return link.image
}
