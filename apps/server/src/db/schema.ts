import { type ITEM_SETTINGS, type SettingDefinition, type SettingName, settingEntries } from '@teplo/domain'
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
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'

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
    ...timestamps,
  },
  (t) => [uniqueIndex('users_email_unique').on(t.email)],
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
    // Messages of this device dropped by the ingest (invalid, untrusted time, too large …) and the last reason.
    dropCount: integer('drop_count').notNull().default(0),
    lastDropReason: text('last_drop_reason'),
    lastDropAt: timestamp('last_drop_at', { withTimezone: true }),
    // Last time a reading or event of this device carried an untrusted clock and was stored at receive time.
    clockCorrectedAt: timestamp('clock_corrected_at', { withTimezone: true }),
    // The last pairing: the code's digest and when it was proved, so that a lost answer can be fetched again.
    pairedCodeHash: text('paired_code_hash'),
    pairedAt: timestamp('paired_at', { withTimezone: true }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('item_errors_item_time_idx').on(t.itemId, t.errorTime),
    uniqueIndex('item_errors_item_event_unique').on(t.itemId, t.eventId),
  ],
)

// One row per telemetry reading, for history charts; old rows are removed by the retention job.
export const telemetry = pgTable(
  'telemetry',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
    heaterTemp: doublePrecision('heater_temp'),
    boilerTemp: doublePrecision('boiler_temp'),
    gasTemp: doublePrecision('gas_temp'),
    burnerPower: doublePrecision('burner_power'),
    flameBrightness: doublePrecision('flame_brightness'),
    workMode: smallint('work_mode'),
    pumpMode: smallint('pump_mode'),
    burnerOn: boolean('burner_on'),
  },
  (t) => [
    index('telemetry_item_time_idx').on(t.itemId, t.recordedAt),
    // The hourly retention delete filters on time alone.
    index('telemetry_time_idx').on(t.recordedAt),
  ],
)

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
  },
  (t) => [
    uniqueIndex('tokens_hash_unique').on(t.tokenHash),
    index('tokens_user_idx').on(t.userId, t.kind),
    check('tokens_kind_check', sql`${t.kind} in ('access', 'password_reset')`),
  ],
)
