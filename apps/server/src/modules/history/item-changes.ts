import { ITEM_SETTINGS, type SettingsValues } from '@teplo/domain'
import type { Database } from '../../db/client.ts'
import { itemChanges } from './history.tables.ts'

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0]
type Row = { powerSet: string }

/**
 * Records, in the transaction that changed the device, what its owner did for the history's time axis: the
 * on/off switch and the settings whose desired value changed (with their new values).
 */
export async function recordItemChanges(tx: Transaction | Database, before: Row, after: Row, itemId: number) {
  const settings: Record<string, number | boolean> = {}
  for (const [name, setting] of Object.entries(ITEM_SETTINGS)) {
    const was = (before as Record<string, unknown>)[setting.column]
    const now = (after as Record<string, unknown>)[setting.column]
    if (was !== now) settings[name] = now as SettingsValues[keyof SettingsValues]
  }
  const rows: (typeof itemChanges.$inferInsert)[] = []
  if (before.powerSet !== after.powerSet) rows.push({ itemId, kind: after.powerSet === 'on' ? 'on' : 'off' })
  if (Object.keys(settings).length > 0) rows.push({ itemId, kind: 'settings', settings })
  if (rows.length > 0) await tx.insert(itemChanges).values(rows)
}
