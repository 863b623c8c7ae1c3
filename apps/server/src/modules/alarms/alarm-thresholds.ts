import type { AlarmThreshold } from '@teplo/domain'
import { type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { itemAlarmSettings } from './alarms.tables.ts'

/** The `item_alarm_settings` column of a rule's threshold. */
export function thresholdColumn(threshold: AlarmThreshold): AnyPgColumn {
  const column = (itemAlarmSettings as unknown as Record<string, AnyPgColumn | undefined>)[threshold.column]
  if (!column) throw new Error(`item_alarm_settings has no column for ${threshold.setting}`)
  return column
}

/** A device's threshold in SQL: its own, or the rule's default when it has no settings row. */
export function thresholdOf(threshold: AlarmThreshold): SQL<number> {
  return sql<number>`coalesce(${thresholdColumn(threshold)}, ${threshold.default})`
}
