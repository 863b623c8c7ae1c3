// Two-factor sign-in and passkeys, and the installation-wide setting that requires them.
// db/schema.ts gathers these with every other module's tables for drizzle-kit and the database client.
import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
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
import { users } from '../users/users.tables.ts'

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
