import type { MaintenanceTask } from '@teplo/domain'
import type { Database } from '../../db/client.ts'
import { maintenanceTasks } from './maintenance.tables.ts'
import { addMonths } from './schedule.ts'

const DAY_MS = 86_400_000

/**
 * The demo boilers' maintenance (ADR 059): every task done at some point of the past, the chimney sweep a little
 * under a year ago, so one task is coming due (about three weeks left) and the others are fine.
 */
export async function fillDemoMaintenance(db: Database, itemId: number, from: Date, to: Date): Promise<void> {
  const done: Record<MaintenanceTask, Date> = {
    ash_box: new Date(to.getTime() - 2 * DAY_MS),
    heat_exchanger: from,
    annual_service: addMonths(to, -4),
    chimney_sweep: new Date(addMonths(to, -12).getTime() + 21 * DAY_MS),
  }
  await db
    .insert(maintenanceTasks)
    .values(Object.entries(done).map(([task, at]) => ({ itemId, task, lastDoneAt: at, updatedAt: to })))
    .onConflictDoNothing()
}
