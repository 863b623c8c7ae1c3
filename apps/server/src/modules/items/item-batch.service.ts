import type { ItemBatchCreateData } from '@teplo/domain'
import { msg } from '@teplo/domain'
import { inArray } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { errorObject, HttpError } from '../../lib/api-error.ts'
import { isUniqueViolation } from '../../lib/database-errors.ts'
import type { AppEventBus } from '../../lib/events.ts'
import { generateSecret, sha256 } from '../../lib/secrets.ts'
import type { Caller } from './item-access.ts'
import { assertCategoryExists, SERIAL_TAKEN } from './items.service.ts'
import { items } from './items.tables.ts'

export const BROKER_UNAVAILABLE = msg('server.items.brokerUnavailable')

/** A broker that keeps its own device accounts (Mosquitto): the batch's accounts are made first, or none. */
export type BatchBroker = {
  grant(serial: string, secret: string): Promise<void>
  revoke(serial: string): Promise<void>
}

const taken = (indexes: number[]) =>
  new HttpError(
    422,
    indexes.map((index) =>
      errorObject(422, SERIAL_TAKEN, { pointer: `/data/attributes/serial_numbers/${index}` }),
    ),
  )

/** The serials of the batch already registered, by their place in the list. */
async function takenIndexes(db: Database, serials: string[]): Promise<number[]> {
  const rows = await db
    .select({ serial: items.serialNumber })
    .from(items)
    .where(inArray(items.serialNumber, serials))
  const existing = new Set(rows.map((row) => row.serial))
  return serials.flatMap((serial, index) => (existing.has(serial) ? [index] : []))
}

/**
 * Registers and pairs a batch of controllers at once (the factory's flow): every device verified, with a fresh
 * secret, on the caller's account under the batch's owner label, waiting for its first connection. All or
 * nothing: a serial already registered answers 422 naming each one; a broker that cannot take the accounts
 * answers 503 and the accounts made so far are removed again.
 */
export async function registerBatch(
  db: Database,
  events: AppEventBus,
  caller: Caller,
  input: ItemBatchCreateData,
  broker?: BatchBroker,
) {
  const categoryId = await assertCategoryExists(db, input.category_id)
  const serials = input.serial_numbers
  const already = await takenIndexes(db, serials)
  if (already.length > 0) throw taken(already)

  const devices = serials.map((serial) => ({ serial, secret: generateSecret() }))
  const granted: string[] = []
  const revokeGranted = async () => {
    // Best effort: an account left behind carries a secret nobody was given.
    for (const serial of granted) await broker?.revoke(serial).catch(() => undefined)
  }
  if (broker) {
    try {
      for (const device of devices) {
        await broker.grant(device.serial, device.secret)
        granted.push(device.serial)
      }
    } catch {
      await revokeGranted()
      throw new HttpError(503, BROKER_UNAVAILABLE, { retryAfterSeconds: 30 })
    }
  }

  const now = new Date()
  let created: (typeof items.$inferSelect)[]
  try {
    created = await db.transaction((tx) =>
      tx
        .insert(items)
        .values(
          devices.map(({ serial, secret }) => ({
            userId: caller.userId,
            categoryId,
            name: input.name ?? `Пристрій ${serial}`,
            owner: input.owner,
            serialNumber: serial,
            description: '',
            excerpt: '',
            // Paired: it proves itself by connecting with its secret, as after a pairing code.
            status: 'connecting',
            isOnHomepage: false,
            verificationToken: null,
            deviceSecretHash: sha256(secret),
            pairedAt: now,
            updatedAt: now,
          })),
        )
        .returning(),
    )
  } catch (error) {
    await revokeGranted()
    // Another registration took one of the serials meanwhile.
    if (isUniqueViolation(error)) throw taken(await takenIndexes(db, serials))
    throw error
  }
  for (const item of created) {
    // The device link starts versioning its desired settings, as after a pairing.
    events.emit('item.verified', { itemId: item.id, serialNumber: item.serialNumber })
    events.emit('item.updated', { itemId: item.id })
  }
  const secrets = new Map(devices.map((device) => [device.serial, device.secret]))
  return created.map((item) => ({ item, secret: secrets.get(item.serialNumber)! }))
}
