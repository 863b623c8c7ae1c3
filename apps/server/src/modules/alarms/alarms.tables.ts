// Alarms: the thresholds, the episodes, the watches before one is raised, and the notifications they make.
// db/schema.ts gathers these with every other module's tables for drizzle-kit and the database client.
import { ALARM_KINDS, type ALARM_RULES, type AlarmThresholdKind, alarmThresholds } from '@teplo/domain'
import { sql } from 'drizzle-orm'
import {
  bigserial,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { items } from '../items/items.tables.ts'
import { users } from '../users/users.tables.ts'

// The owner's thresholds' columns, one per alarm rule with a threshold (packages/domain `ALARM_RULES`), named as
// the attribute, the rule's default as the column's.
const integerThreshold = (name: string, value: number) => integer(name).notNull().default(value)
const doubleThreshold = (name: string, value: number) => doublePrecision(name).notNull().default(value)
type AlarmRules = typeof ALARM_RULES
type ThresholdColumns = {
  [Kind in AlarmThresholdKind as AlarmRules[Kind]['threshold']['column']]: AlarmRules[Kind]['threshold']['storage'] extends 'integer'
    ? ReturnType<typeof integerThreshold>
    : ReturnType<typeof doubleThreshold>
}
const thresholdColumns = Object.fromEntries(
  alarmThresholds().map(({ threshold }) => [
    threshold.column,
    (threshold.storage === 'integer' ? integerThreshold : doubleThreshold)(
      threshold.setting,
      threshold.default,
    ),
  ]),
) as unknown as ThresholdColumns

// Alarms (ADR 023, 052): the owner's thresholds of a device; a missing row means the defaults.
export const itemAlarmSettings = pgTable('item_alarm_settings', {
  itemId: integer('item_id')
    .primaryKey()
    .references(() => items.id, { onDelete: 'cascade' }),
  ...thresholdColumns,
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

// One row per episode of a condition on a device; at most one open (not cleared) per device, kind and code, which
// is what makes a raise happen once even with several server instances evaluating.
export const alarms = pgTable(
  'alarms',
  {
    id: serial('id').primaryKey(),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    // The controller's error code for 'device_error', '' otherwise.
    code: text('code').notNull().default(''),
    value: doublePrecision('value'),
    threshold: doublePrecision('threshold'),
    raisedAt: timestamp('raised_at', { withTimezone: true }).notNull().defaultNow(),
    // The condition came back while open (a repeated error event, a new silence): counted, not notified.
    repeats: integer('repeats').notNull().default(0),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    acknowledgedBy: integer('acknowledged_by').references(() => users.id, { onDelete: 'set null' }),
    // Since when the condition has been absent; it clears once absent for the hold time (hysteresis).
    clearPendingSince: timestamp('clear_pending_since', { withTimezone: true }),
    clearedAt: timestamp('cleared_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('alarms_open_unique').on(t.itemId, t.kind, t.code).where(sql`${t.clearedAt} is null`),
    index('alarms_item_time_idx').on(t.itemId, t.raisedAt),
    // The kinds of the alarm rules: a new rule's kind is a new migration of this check.
    check(
      'alarms_kind_check',
      sql`${t.kind} in (${sql.raw(ALARM_KINDS.map((kind) => `'${kind}'`).join(', '))})`,
    ),
  ],
)

// A condition being watched before it becomes an alarm ("the fire went out" needs 15 minutes of cooling).
export const alarmWatches = pgTable(
  'alarm_watches',
  {
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    since: timestamp('since', { withTimezone: true }).notNull(),
    startValue: doublePrecision('start_value'),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.kind] })],
)

// The in-app record of an alarm for one account with access to the device.
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    alarmId: integer('alarm_id')
      .notNull()
      .references(() => alarms.id, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('notifications_alarm_user_unique').on(t.alarmId, t.userId),
    index('notifications_user_idx').on(t.userId, t.id),
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
  ],
)

// Deliveries waiting for or done by a channel (e-mail, push): written with the alarm in one transaction, sent
// by a worker on any instance (SKIP LOCKED), one per alarm × channel × account.
export const notificationOutbox = pgTable(
  'notification_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    notificationId: integer('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    alarmId: integer('alarm_id').notNull(),
    userId: integer('user_id').notNull(),
    channel: text('channel').notNull(),
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    // Not before (backoff, or the end of the account's quiet hours).
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    // A worker holding the delivery; past it, another may take it over (the holder died).
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('notification_outbox_unique').on(t.alarmId, t.channel, t.userId),
    index('notification_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.state} = 'pending'`),
    check('notification_outbox_channel_check', sql`${t.channel} in ('email', 'push')`),
    check('notification_outbox_state_check', sql`${t.state} in ('pending', 'sent', 'skipped', 'failed')`),
  ],
)

// An account's notification preferences; a missing row means the defaults (every kind, every channel, no quiet).
export const userNotificationSettings = pgTable('user_notification_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  // Kinds switched off, by name; any kind not listed notifies.
  mutedKinds: jsonb('muted_kinds').$type<string[]>().notNull().default([]),
  email: boolean('email').notNull().default(true),
  push: boolean('push').notNull().default(true),
  quietEnabled: boolean('quiet_enabled').notNull().default(false),
  quietStart: text('quiet_start').notNull().default('22:00'),
  quietEnd: text('quiet_end').notNull().default('07:00'),
  // The key the unsubscribe links of this account are signed with (a new one voids the old links).
  unsubscribeKey: text('unsubscribe_key'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})
