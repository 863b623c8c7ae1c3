// Firmware images, their rollouts to devices and download links.
// db/schema.ts gathers these with every other module's tables for drizzle-kit and the database client.
import { sql } from 'drizzle-orm'
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { categories } from '../categories/categories.tables.ts'
import { items } from '../items/items.tables.ts'
import { users } from '../users/users.tables.ts'

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
