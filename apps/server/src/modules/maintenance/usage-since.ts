import type { MaintenanceUnknownReason } from '@teplo/domain'
import type { Database } from '../../db/client.ts'
import { usageBetween } from '../energy/usage.ts'

// What a device used between two instants, for the kg and hours tasks (ADR 059): the energy module's usage (the
// controller's counters where every reading carried them, else derived from the readings). Without a reading in
// the range nothing can be said: used is unknown rather than nothing.

export type UsedSince = {
  fuelKg: number | null
  burnerHours: number | null
  /** Why both are null; null when known. */
  reason: MaintenanceUnknownReason | null
}

export async function usedSince(db: Database, itemId: number, from: Date, to: Date): Promise<UsedSince> {
  const usage = await usageBetween(db, itemId, from, to)
  if (usage.covered_s <= 0) return { fuelKg: null, burnerHours: null, reason: 'no_readings' }
  return { fuelKg: usage.fuel_kg, burnerHours: usage.burner_hours, reason: null }
}
