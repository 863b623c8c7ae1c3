import {
  type ActivePeriod,
  DEFAULT_WEEKLY_SCHEDULE,
  type Language,
  SCHEDULE_TIME_ZONE,
  type ScheduleDocument,
  type SyncStatus,
} from '@teplo/domain'
import { formatDate, typedResource } from '../../lib/jsonapi.ts'
import { storedMessage } from '../../lib/stored-message.ts'
import type { items } from '../items/items.tables.ts'
import { scheduleValues, storedPeriod } from './schedule-wire.ts'

// The item's columns the schedule is read from; the items module's document builds on this module, not the reverse.
type ScheduleColumns = Pick<
  typeof items.$inferSelect,
  | 'id'
  | 'schedule'
  | 'reportedSchedule'
  | 'schedulePeriod'
  | 'syncStatus'
  | 'syncError'
  | 'settingsVersion'
  | 'appliedVersion'
>

/** The period the controller reports, with `until` in the API's date format. */
export function activePeriodOf(item: Pick<ScheduleColumns, 'schedulePeriod'>): ActivePeriod | null {
  const period = storedPeriod(item.schedulePeriod)
  if (!period) return null
  return { mode: period.mode, until: period.until ? formatDate(new Date(period.until)) : null }
}

export function scheduleDocument(item: ScheduleColumns, language?: Language): ScheduleDocument {
  const desired = scheduleValues(item.schedule ?? DEFAULT_WEEKLY_SCHEDULE)
  const resource = typedResource('schedules', item.id, {
    ...desired,
    time_zone: SCHEDULE_TIME_ZONE,
    sync_status: item.syncStatus as SyncStatus,
    sync_reason: storedMessage(item.syncError, language),
    settings_version: item.settingsVersion,
    applied_version: item.appliedVersion,
    reported_schedule: item.reportedSchedule ? scheduleValues(item.reportedSchedule) : null,
    active_period: activePeriodOf(item),
  })
  return { data: { ...resource, links: { self: `/api/v2/items/${item.id}/schedule` } } }
}
