import { eq } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { pelletDeliveries, pelletStores } from './pellets.tables.ts'

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0]

/**
 * A device changing hands leaves its pellet store with the household that kept it (ADR 057): the deliveries (what
 * they paid, whom they bought from) and the store's settings are theirs, not the boiler's. Called in the handover's
 * transaction; the new owner starts with an empty store. The hopper, the fuel settings, the readings and the
 * maintenance record stay with the boiler.
 */
export async function clearPelletStore(tx: Transaction, itemId: number): Promise<void> {
  await tx.delete(pelletDeliveries).where(eq(pelletDeliveries.itemId, itemId))
  await tx.delete(pelletStores).where(eq(pelletStores.itemId, itemId))
}
