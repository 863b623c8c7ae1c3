// The devices (items): their settings, live state and link to the controller, and the codes that hand one over.
// db/schema.ts gathers these with every other module's tables for drizzle-kit and the database client.
import {
  type ITEM_SETTINGS,
  type SchedulePeriod,
  type SettingDefinition,
  type SettingName,
  settingEntries,
  type WeeklySchedule,
} from '@teplo/domain'
import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { timestamps } from '../../db/columns.ts'
import { categories } from '../categories/categories.tables.ts'
import { users } from '../users/users.tables.ts'

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
