import {
  ALARM_KINDS,
  type ALARM_RULES,
  type AlarmThresholdKind,
  alarmThresholds,
  FUEL_DEFAULTS,
  HISTORY_METRICS,
  type ITEM_SETTINGS,
  type Language,
  type SchedulePeriod,
  type SettingDefinition,
  type SettingName,
  settingEntries,
  type WeeklySchedule,
} from '@teplo/domain'
import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { TELEMETRY_COLUMNS } from './telemetry-columns.ts'

/** A column's property name: heater_temp → heaterTemp. */
const camelCase = (name: string) =>
  name.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase())

// The desired settings' columns, one per entry of the settings registry (packages/domain): numbers as double
// precision, modes as small integers, switches as booleans; the default is what a new controller starts with.
const numberColumn = (name: string, factory: number) => doublePrecision(name).notNull().default(factory)
const choiceColumn = (name: string, factory: number) => smallint(name).notNull().default(factory)
const switchColumn = (name: string, factory: boolean) => boolean(name).notNull().default(factory)

type Registry = typeof ITEM_SETTINGS
type SettingColumns = {
  [Name in SettingName as Registry[Name]['column']]: Registry[Name]['kind'] extends 'boolean'
    ? ReturnType<typeof switchColumn>
    : Registry[Name]['kind'] extends 'choice'
      ? ReturnType<typeof choiceColumn>
      : ReturnType<typeof numberColumn>
}

function settingColumn(name: string, setting: SettingDefinition) {
  if (setting.kind === 'boolean') return switchColumn(name, setting.factory)
  if (setting.kind === 'choice') return choiceColumn(name, setting.factory)
  return numberColumn(name, setting.factory)
}

const settingColumns = Object.fromEntries(
  settingEntries().map(([name, setting]) => [setting.column, settingColumn(name, setting)]),
) as unknown as SettingColumns

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    // Stored lower-cased so that uniqueness is case-insensitive.
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    profileImage: text('profile_image'),
    // The account's language: its e-mails, pushes and screens (ADR 029).
    language: text('language').$type<Language>().notNull().default('uk'),
    // When the mailbox of `email` was last proven (a mailed link opened); null: not proven (ADR 034).
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    check('users_language_check', sql`${t.language} in ('uk', 'en')`),
  ],
)

export const roles = pgTable(
  'roles',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('roles_name_unique').on(t.name)],
)

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'restrict' }),
    // Only the first role of a user counts (spec §6); position keeps that order.
    position: smallint('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_role_idx').on(t.roleId)],
)

export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  ...timestamps,
})

export const tags = pgTable('tags', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  color: text('color').notNull().default('#17a2b8'),
  ...timestamps,
})

export const items = pgTable(
  'items',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    owner: text('owner').notNull().default(''),
    serialNumber: text('serial_number').notNull(),
    description: text('description').notNull().default(''),
    excerpt: text('excerpt').notNull().default(''),
    image: text('image'),
    status: text('status').notNull().default('pending'),
    isOnHomepage: boolean('is_on_homepage').notNull().default(false),
    // A demo boiler: the server's own simulator is its controller (ADR 053). Only the demo seed sets it; a
    // controller that proves a pairing code for the device clears it.
    simulated: boolean('simulated').notNull().default(false),
    // Pairing code shown to the installer until the controller proves it (spec: 'очікуємо підтвердження (код: …)').
    verificationToken: text('verification_token'),
    verifyFailures: integer('verify_failures').notNull().default(0),
    verifyLockedUntil: timestamp('verify_locked_until', { withTimezone: true }),
    syncStatus: text('sync_status').notNull().default('synced'),
    syncError: text('sync_error'),
    ...settingColumns,
    heaterTemp: doublePrecision('heater_temp'),
    boilerTemp: doublePrecision('boiler_temp'),
    gasTemp: doublePrecision('gas_temp'),
    burnerPower: doublePrecision('burner_power'),
    flameBrightness: doublePrecision('flame_brightness'),
    workMode: smallint('work_mode'),
    burnerOn: boolean('burner_on'),
    // Device link: credential hash issued at verification, desired-settings version and what the device reported.
    deviceSecretHash: text('device_secret_hash'),
    // The owner's on/off wish, kept apart from status, which also says whether the device is reachable.
    powerSet: text('power_set').notNull().default('on'),
    telemetryBootId: text('telemetry_boot_id'),
    telemetrySeq: integer('telemetry_seq'),
    settingsVersion: integer('settings_version').notNull().default(0),
    appliedVersion: integer('applied_version').notNull().default(0),
    // The settings the controller last reported in effect (its ack's `applied`, by wire name); null until then.
    reportedSettings: jsonb('reported_settings').$type<Record<string, unknown>>(),
    reportedAt: timestamp('reported_at', { withTimezone: true }),
    // The controller's service parameters (ADR 025): null until someone sets them (none are sent then); what
    // the controller last reported in effect, null until it has.
    serviceSettings: jsonb('service_settings').$type<Record<string, number>>(),
    reportedServiceSettings: jsonb('reported_service_settings').$type<Record<string, unknown>>(),
    // Messages of this device dropped by the ingest (invalid, untrusted time, too large …) and the last reason.
    dropCount: integer('drop_count').notNull().default(0),
    lastDropReason: text('last_drop_reason'),
    lastDropAt: timestamp('last_drop_at', { withTimezone: true }),
    // Last time a reading or event of this device carried an untrusted clock and was stored at receive time.
    clockCorrectedAt: timestamp('clock_corrected_at', { withTimezone: true }),
    // The errors the controller last said are in force (telemetry `active_errors`); null: it does not say, and
    // the alarms' hold-time rule applies (ADR 037).
    activeErrors: text('active_errors').array(),
    // Clone detection (ADR 037): the boot ids this identity connected with lately, newest first
    // ([{ id, at }], a few), the takeovers counted in the current window (a boot id coming back after another)
    // and the last one. Reset by pairing.
    identityBootIds: jsonb('identity_boot_ids').$type<{ id: string; at: string }[]>(),
    identityTakeovers: integer('identity_takeovers').notNull().default(0),
    identityTakeoverAt: timestamp('identity_takeover_at', { withTimezone: true }),
    // The last pairing: the code's digest and when it was proved, so that a lost answer can be fetched again.
    pairedCodeHash: text('paired_code_hash'),
    pairedAt: timestamp('paired_at', { withTimezone: true }),
    // The weekly schedule (ADR 026): desired (null until first set; sent with the settings and their version),
    // the one the controller last acknowledged in effect, and the period its telemetry last reported.
    schedule: jsonb('schedule').$type<WeeklySchedule>(),
    reportedSchedule: jsonb('reported_schedule').$type<WeeklySchedule>(),
    schedulePeriod: jsonb('schedule_period').$type<SchedulePeriod>(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    // The firmware the controller last reported (telemetry, status, or a finished update); null until then.
    firmwareVersion: text('firmware_version'),
    telemetryAt: timestamp('telemetry_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('items_serial_number_unique').on(t.serialNumber),
    index('items_user_idx').on(t.userId),
    index('items_category_idx').on(t.categoryId),
    check('items_status_check', sql`${t.status} in ('on', 'off', 'archive', 'pending', 'connecting')`),
    check('items_sync_status_check', sql`${t.syncStatus} in ('synced', 'pending', 'refused')`),
    check('items_pump_mode_check', sql`${t.pumpMode} between 1 and 4`),
    check('items_power_set_check', sql`${t.powerSet} in ('on', 'off')`),
  ],
)

// Codes with which an account takes a device over (ADR 024): an installer issues one, the new owner types it with the
// serial. `kind` leaves room for other ways of handing a device on (sharing); only the digest of a code is kept.
export const itemHandovers = pgTable(
  'item_handovers',
  {
    id: serial('id').primaryKey(),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    // 'owner': a code typed with the serial; 'invitation': a link mailed to `email` granting `access` (ADR 018).
    kind: text('kind').notNull().default('owner'),
    codeHash: text('code_hash').notNull(),
    email: text('email'),
    access: text('access'),
    issuedBy: integer('issued_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    // Wrong codes for this device from all addresses together; the code is void after too many.
    failures: integer('failures').notNull().default(0),
    claimedBy: integer('claimed_by').references(() => users.id, { onDelete: 'set null' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('item_handovers_item_idx').on(t.itemId),
    uniqueIndex('item_handovers_invitation_unique').on(t.codeHash).where(sql`${t.kind} = 'invitation'`),
    index('item_handovers_email_idx').on(t.email),
    check('item_handovers_kind_check', sql`${t.kind} in ('owner', 'invitation')`),
    check(
      'item_handovers_invitation_check',
      sql`${t.kind} <> 'invitation' or (${t.email} is not null and ${t.access} in ('owner', 'installer', 'operator', 'viewer'))`,
    ),
  ],
)

// Access to a device besides its owner's (items.user_id), one level per account (ADR 018).
export const itemShares = pgTable(
  'item_shares',
  {
    id: serial('id').primaryKey(),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    access: text('access').notNull(),
    grantedBy: integer('granted_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('item_shares_item_user_unique').on(t.itemId, t.userId),
    index('item_shares_user_idx').on(t.userId),
    check('item_shares_access_check', sql`${t.access} in ('installer', 'operator', 'viewer')`),
  ],
)

// Who did what to a device (ADR 018): written in the transaction of the change; settings and on/off entries
// learn from the controller's acknowledgement whether they were applied.
export const itemAudit = pgTable(
  'item_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    // Kept as it was, so the log still names someone whose account is gone.
    actorName: text('actor_name').notNull(),
    action: text('action').notNull(),
    changes: jsonb('changes')
      .$type<
        Record<string, { from: string | number | boolean | null; to: string | number | boolean | null }>
      >()
      .notNull()
      .default({}),
    subjectEmail: text('subject_email'),
    subjectAccess: text('subject_access'),
    // The settings_version a settings or on/off change produced; the controller's ack settles its outcome.
    settingsVersion: integer('settings_version'),
    outcome: text('outcome'),
    reason: text('reason'),
  },
  (t) => [
    index('item_audit_item_idx').on(t.itemId, t.id),
    index('item_audit_pending_idx').on(t.itemId, t.settingsVersion).where(sql`${t.outcome} = 'pending'`),
    check('item_audit_outcome_check', sql`${t.outcome} in ('pending', 'applied', 'refused', 'superseded')`),
  ],
)

export const itemErrors = pgTable(
  'item_errors',
  {
    id: serial('id').primaryKey(),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    errorCode: text('error_code').notNull(),
    errorTime: timestamp('error_time', { withTimezone: true }).notNull(),
    modeStatus: smallint('mode_status'),
    heaterTemp: doublePrecision('heater_temp'),
    boilerTemp: doublePrecision('boiler_temp'),
    gasTemp: doublePrecision('gas_temp'),
    burnerPower: doublePrecision('burner_power'),
    // The device's own id of the event, so that a redelivered message is stored once.
    eventId: text('event_id'),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    // When the controller said the error is over (telemetry `active_errors` without it); null: in force, or
    // the controller does not say.
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('item_errors_item_time_idx').on(t.itemId, t.errorTime),
    uniqueIndex('item_errors_item_event_unique').on(t.itemId, t.eventId),
  ],
)

const TELEMETRY_COLUMN_BUILDERS = {
  float8: (name: string) => doublePrecision(name),
  int2: (name: string) => smallint(name),
  bool: (name: string) => boolean(name),
}

type CamelCase<Name extends string> = Name extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : Name

/** The history columns declared in TELEMETRY_COLUMNS, as the table's properties (camelCase of the name). */
const telemetryColumns = Object.fromEntries(
  TELEMETRY_COLUMNS.map((column) => [
    camelCase(column.name),
    TELEMETRY_COLUMN_BUILDERS[column.type](column.name),
  ]),
) as {
  [Column in (typeof TELEMETRY_COLUMNS)[number] as CamelCase<Column['name']>]: ReturnType<
    (typeof TELEMETRY_COLUMN_BUILDERS)[Column['type']]
  >
}

// One row per telemetry reading (raw history), partitioned by day on recorded_at in the migration; old days are
// dropped whole (modules/history/partitions.ts). A redelivered reading (same device and instant) is stored once.
export const telemetry = pgTable(
  'telemetry',
  {
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
    // The readings, the setpoints in effect when each arrived, and on/off (db/telemetry-columns.ts).
    ...telemetryColumns,
    // Seconds since the device's previous reading, 0 after a gap: the time this reading stands for.
    intervalS: real('interval_s').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.recordedAt] })],
)

/** The metrics kept as min/max/sum/count in the rollups (packages/domain HISTORY_METRICS). */
const rollupMetricColumns = Object.fromEntries(
  HISTORY_METRICS.flatMap((metric) => {
    const property = camelCase(metric)
    return [
      [`${property}Min`, doublePrecision(`${metric}_min`)],
      [`${property}Max`, doublePrecision(`${metric}_max`)],
      [`${property}Sum`, doublePrecision(`${metric}_sum`)],
      [`${property}N`, integer(`${metric}_n`).notNull().default(0)],
    ]
  }),
) as Record<string, ReturnType<typeof doublePrecision> | ReturnType<typeof integer>>

function rollupTable(name: 'telemetry_1m' | 'telemetry_1h') {
  return pgTable(
    name,
    {
      itemId: integer('item_id')
        .notNull()
        .references(() => items.id, { onDelete: 'cascade' }),
      bucket: timestamp('bucket', { withTimezone: true }).notNull(),
      samples: integer('samples').notNull(),
      firstAt: timestamp('first_at', { withTimezone: true }).notNull(),
      lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
      ...rollupMetricColumns,
      // Work mode and on/off of the bucket's last reading.
      workMode: smallint('work_mode'),
      isOn: boolean('is_on'),
      // Burner energy (kWh) and the seconds the readings stand for (coverage), summed over the readings.
      energyKwh: doublePrecision('energy_kwh').notNull().default(0),
      coveredS: doublePrecision('covered_s').notNull().default(0),
    },
    (t) => [primaryKey({ columns: [t.itemId, t.bucket] })],
  )
}

// Rollups of the readings, maintained as they are stored; partitioned by month in the migration.
export const telemetry1m = rollupTable('telemetry_1m')
export const telemetry1h = rollupTable('telemetry_1h')

// Burner energy per day on Kyiv's calendar (bucket: the instant the day starts), maintained with the rollups
// above: consumption by day, week or month over long ranges reads one row a day (ADR 039, addendum 4).
export const telemetry1d = pgTable(
  'telemetry_1d',
  {
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    bucket: timestamp('bucket', { withTimezone: true }).notNull(),
    energyKwh: doublePrecision('energy_kwh').notNull().default(0),
    coveredS: doublePrecision('covered_s').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.bucket] })],
)

// What the owner did, for the history's time axis: switched on or off, changed settings.
export const itemChanges = pgTable(
  'item_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    kind: text('kind').notNull(),
    settings: jsonb('settings').$type<Record<string, number | boolean | string>>(),
  },
  (t) => [
    index('item_changes_item_time_idx').on(t.itemId, t.changedAt),
    check('item_changes_kind_check', sql`${t.kind} in ('on', 'off', 'settings')`),
  ],
)

// The owner's fuel settings of a device (not controller settings: they never travel to the boiler).
export const itemFuel = pgTable('item_fuel', {
  itemId: integer('item_id')
    .primaryKey()
    .references(() => items.id, { onDelete: 'cascade' }),
  calorificValue: doublePrecision('calorific_value').notNull().default(FUEL_DEFAULTS.calorific_value),
  boilerEfficiency: doublePrecision('boiler_efficiency').notNull().default(FUEL_DEFAULTS.boiler_efficiency),
  pelletPricePerTonne: doublePrecision('pellet_price_per_tonne'),
  hopperCapacityKg: doublePrecision('hopper_capacity_kg'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

export const hopperRefills = pgTable(
  'hopper_refills',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    refilledAt: timestamp('refilled_at', { withTimezone: true }).notNull().defaultNow(),
    kg: doublePrecision('kg').notNull(),
  },
  (t) => [index('hopper_refills_item_time_idx').on(t.itemId, t.refilledAt)],
)

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

export const helpRequests = pgTable('help_requests', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  name: text('name').notNull(),
  problem: text('problem').notNull(),
  emailedAt: timestamp('emailed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

export const tokens = pgTable(
  'tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // 'access' (bearer token) or 'password_reset'; only a SHA-256 hash of the secret is stored.
    kind: text('kind').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // A session's browser and address as it signed in, and when and from where it was last used (written at
    // most every minute or so, not per request: modules/auth/session-activity.ts). Null for older tokens.
    userAgent: text('user_agent'),
    createdAddress: text('created_address'),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    lastAddress: text('last_address'),
  },
  (t) => [
    uniqueIndex('tokens_hash_unique').on(t.tokenHash),
    index('tokens_user_idx').on(t.userId, t.kind),
    check('tokens_kind_check', sql`${t.kind} in ('access', 'password_reset')`),
  ],
)

// A single-use ticket for one live stream (EventSource cannot send headers, and a long-lived token in a URL ends
// up in proxies' logs): valid seconds, bound to the session that asked for it, taken by whichever instance the
// stream reaches.
export const liveTickets = pgTable(
  'live_tickets',
  {
    ticketHash: text('ticket_hash').primaryKey(),
    tokenId: integer('token_id')
      .notNull()
      .references(() => tokens.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('live_tickets_expires_idx').on(t.expiresAt)],
)

// Web push: one row per browser that agreed to notifications; the endpoint belongs to one account at a time.
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
    // Deliveries that failed since the last one that arrived.
    failures: integer('failures').notNull().default(0),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_unique').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
)

// Firmware updates (ADR 027). An image per device type (category) and version, its file under DATA_DIR/firmware.
export const firmwareImages = pgTable(
  'firmware_images',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    version: text('version').notNull(),
    notes: text('notes').notNull().default(''),
    // The file's name under DATA_DIR/firmware (random, never reused).
    fileName: text('file_name').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('firmware_images_category_version_unique').on(t.categoryId, t.version)],
)

// A rollout of one image to devices of its type: all at once, or staged (stage 1 first, stage 2 only if none of
// stage 1 failed). The version is kept on the rollout so that its history outlives a deleted image.
export const firmwareRollouts = pgTable(
  'firmware_rollouts',
  {
    id: serial('id').primaryKey(),
    imageId: integer('image_id').references(() => firmwareImages.id, { onDelete: 'set null' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    version: text('version').notNull(),
    // 'running', 'completed' (every device finished) or 'halted' (stage 1 had failures; stage 2 never sent).
    status: text('status').notNull().default('running'),
    // Percent of the devices in stage 1; null when every device is sent the update at once.
    stagePercent: smallint('stage_percent'),
    stage: smallint('stage').notNull().default(1),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('firmware_rollouts_image_idx').on(t.imageId),
    check('firmware_rollouts_status_check', sql`${t.status} in ('running', 'completed', 'halted')`),
  ],
)

// Each device of a rollout and how far it got, as its controller reported on ota/status.
export const firmwareRolloutDevices = pgTable(
  'firmware_rollout_devices',
  {
    rolloutId: integer('rollout_id')
      .notNull()
      .references(() => firmwareRollouts.id, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    stage: smallint('stage').notNull().default(1),
    // 'waiting' (stage 2, not sent yet), 'sent', 'downloading', 'installing', 'succeeded', 'failed'.
    state: text('state').notNull().default('sent'),
    progress: smallint('progress'),
    reason: text('reason'),
    // The version the device ran when the rollout started.
    fromVersion: text('from_version'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.rolloutId, t.itemId] }),
    index('firmware_rollout_devices_item_idx').on(t.itemId),
    check(
      'firmware_rollout_devices_state_check',
      sql`${t.state} in ('waiting', 'sent', 'downloading', 'installing', 'succeeded', 'failed')`,
    ),
  ],
)

// Short-lived download links: one device, one image, an expiry. Only the SHA-256 of the token is kept.
export const firmwareLinks = pgTable(
  'firmware_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    imageId: integer('image_id')
      .notNull()
      .references(() => firmwareImages.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('firmware_links_expires_idx').on(t.expiresAt)],
)

// Mailed links about an account's address (ADR 034), only a SHA-256 hash of the secret stored:
// 'verify' proves `email` is the account's mailbox; 'change' applies `email` as the account's new address;
// 'undo' (mailed to the old address) cancels or reverts a change and puts `email` back.
export const emailLinks = pgTable(
  'email_links',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('email_links_hash_unique').on(t.tokenHash),
    index('email_links_user_idx').on(t.userId, t.purpose),
    check('email_links_purpose_check', sql`${t.purpose} in ('verify', 'change', 'undo')`),
  ],
)

// A session's last successful password confirmation (ADR 034): actions that take over an account ask for one
// within the last minutes. In the database, so every instance sees it.
export const reauthentications = pgTable('reauthentications', {
  tokenId: integer('token_id')
    .primaryKey()
    .references(() => tokens.id, { onDelete: 'cascade' }),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }).notNull(),
})

// Mail sent on someone's request, counted against caps (ADR 034): `kind` what was sent, `key` who asked
// (an account id or a client address). Rows older than the longest window are deleted as new ones arrive.
export const mailRequests = pgTable(
  'mail_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_requests_key_idx').on(t.kind, t.key, t.createdAt)],
)

// Each server instance's persistent session on an external broker (ADR 043): the instance writes `heartbeat_at`
// every few seconds; a session whose heartbeat is older than MQTT_TAKEOVER_SECONDS belongs to an instance that
// is gone, and one survivor (the lease holder, until `lease_until`) takes it over and writes its queued share.
export const serverSessions = pgTable('server_sessions', {
  clientId: text('client_id').primaryKey(),
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
  leaseHolder: text('lease_holder'),
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
})

// One-time links that create the first administrator of an installation started without demo accounts
// (ADR 044): printed at start while no administrator exists, only a SHA-256 hash of the secret stored, all
// deleted once an administrator exists.
export const setupLinks = pgTable('setup_links', {
  tokenHash: text('token_hash').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

// Account mail that must not be lost to an SMTP outage (ADR 033's handover notices): written rendered, in the
// transaction of the change it tells about, sent by a worker on any instance (SKIP LOCKED, a lease) with retries.
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    // What it is, for logs and tests: 'handover-notice'.
    kind: text('kind').notNull(),
    message: jsonb('message').$type<{ to: string; subject: string; text: string; html?: string }>().notNull(),
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mail_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.state} = 'pending'`),
    check('mail_outbox_state_check', sql`${t.state} in ('pending', 'sent', 'failed')`),
  ],
)

// Two-factor sign-in (ADR 041). The TOTP secret of an account (RFC 6238), kept apart from `users` so that no
// users serialiser can ever carry it: `enabled_at` null while it waits for the first code (set-up not confirmed);
// `last_step` the time step of the last accepted code, so a code is never accepted twice.
export const totpSecrets = pgTable('totp_secrets', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastStep: integer('last_step'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

// One-time recovery codes, only a SHA-256 hash of each (they are random, not chosen by a person); a used code
// keeps its row with `used_at` until the next set replaces them all.
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('recovery_codes_user_hash_unique').on(t.userId, t.codeHash)],
)

// A password proven, a second factor still owed: the single-use challenge `POST /login` answers instead of a
// token, only its SHA-256 stored. It dies on success, after MAX attempts, or when it expires.
export const loginChallenges = pgTable(
  'login_challenges',
  {
    challengeHash: text('challenge_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    remember: boolean('remember').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('login_challenges_expires_idx').on(t.expiresAt)],
)

// Passkeys (WebAuthn credentials, ADR 041): a second factor, and a sign-in of their own. The public key and the
// credential id as base64url; `counter` the authenticator's signature counter (0 for those that keep none).
export const passkeys = pgTable(
  'passkeys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    credentialId: text('credential_id').notNull(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('passkeys_credential_unique').on(t.credentialId),
    index('passkeys_user_idx').on(t.userId),
  ],
)

// A WebAuthn ceremony in progress: the random challenge the browser signs, single use, for seconds.
// 'register' (a signed-in account adds a passkey), 'login' (sign-in without a password, any account), or
// 'second-factor' (the account of a login challenge).
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    challenge: text('challenge').primaryKey(),
    purpose: text('purpose').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('webauthn_challenges_expires_idx').on(t.expiresAt),
    check('webauthn_challenges_purpose_check', sql`${t.purpose} in ('register', 'login', 'second-factor')`),
  ],
)

// Installation-wide settings an administrator changes (ADR 041): one row per key.
// 'require_two_factor': admins and installers must have a second factor before anything else.
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

// The pellet store's tables live in their module (ADR 057).
export * from '../modules/pellets/pellets.tables.ts'
