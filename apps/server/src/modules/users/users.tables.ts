// The accounts and their roles (a user's first role counts, spec §6).
// db/schema.ts gathers these with every other module's tables for drizzle-kit and the database client.
import type { Language } from '@teplo/domain'
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
import { timestamps } from '../../db/columns.ts'
import { roles } from '../roles/roles.tables.ts'

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
