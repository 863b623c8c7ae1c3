import { createHmac, timingSafeEqual } from 'node:crypto'
import {
  ALARM_KINDS,
  type Language,
  NOTIFICATION_TIME_ZONE,
  type NotificationSettingsDocument,
  type NotificationSettingsPatch,
} from '@teplo/domain'
import { eq, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { generateSecret } from '../../lib/secrets.ts'
import { users } from '../users/users.tables.ts'
import { userNotificationSettings } from './alarms.tables.ts'

const DEFAULTS = {
  mutedKinds: [] as string[],
  email: true,
  push: true,
  quietEnabled: false,
  quietStart: '22:00',
  quietEnd: '07:00',
}

export type Preferences = typeof DEFAULTS

export async function preferencesOf(db: Database, userId: number): Promise<Preferences> {
  const [row] = await db
    .select()
    .from(userNotificationSettings)
    .where(eq(userNotificationSettings.userId, userId))
  return row ?? DEFAULTS
}

function settingsDocument(userId: number, p: Preferences): NotificationSettingsDocument {
  return {
    data: {
      type: 'notification-settings',
      id: String(userId),
      attributes: {
        kinds: Object.fromEntries(ALARM_KINDS.map((kind) => [kind, !p.mutedKinds.includes(kind)])) as Record<
          (typeof ALARM_KINDS)[number],
          boolean
        >,
        channels: { email: p.email, push: p.push },
        quiet_hours: { enabled: p.quietEnabled, start: p.quietStart, end: p.quietEnd },
        time_zone: NOTIFICATION_TIME_ZONE,
      },
      links: { self: '/api/v2/me/notification-settings' },
    },
  }
}

export async function notificationSettingsDocument(db: Database, userId: number) {
  return settingsDocument(userId, await preferencesOf(db, userId))
}

/** What is sent changes; the rest stays. */
export async function updateNotificationSettings(
  db: Database,
  userId: number,
  patch: NotificationSettingsPatch,
) {
  const current = await preferencesOf(db, userId)
  const muted = new Set(current.mutedKinds)
  for (const [kind, on] of Object.entries(patch.kinds ?? {})) {
    if (on === true) muted.delete(kind)
    if (on === false) muted.add(kind)
  }
  const next: Preferences = {
    mutedKinds: ALARM_KINDS.filter((kind) => muted.has(kind)),
    email: patch.channels?.email ?? current.email,
    push: patch.channels?.push ?? current.push,
    quietEnabled: patch.quiet_hours?.enabled ?? current.quietEnabled,
    quietStart: patch.quiet_hours?.start ?? current.quietStart,
    quietEnd: patch.quiet_hours?.end ?? current.quietEnd,
  }
  await db
    .insert(userNotificationSettings)
    .values({ userId, ...next })
    .onConflictDoUpdate({ target: userNotificationSettings.userId, set: { ...next, updatedAt: new Date() } })
  return settingsDocument(userId, next)
}

const minutesOf = (clock: string) => {
  const [h, m] = clock.split(':').map(Number)
  return (h ?? 0) * 60 + (m ?? 0)
}

/** Minutes past midnight on the Kyiv clock at this instant. */
export function kyivMinutes(at: Date): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: NOTIFICATION_TIME_ZONE,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at)
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0)
  return get('hour') * 60 + get('minute')
}

/**
 * When the account's quiet hours end, if `at` falls inside them (push and e-mail wait until then); null outside.
 * A window may span midnight (22:00–07:00).
 */
export function quietUntil(
  p: Pick<Preferences, 'quietEnabled' | 'quietStart' | 'quietEnd'>,
  at: Date,
): Date | null {
  if (!p.quietEnabled) return null
  const start = minutesOf(p.quietStart)
  const end = minutesOf(p.quietEnd)
  if (start === end) return null
  const now = kyivMinutes(at)
  const inside = start < end ? now >= start && now < end : now >= start || now < end
  if (!inside) return null
  const wait = (end - now + 1440) % 1440
  const until = new Date(at.getTime() + wait * 60_000)
  until.setUTCSeconds(0, 0)
  return until
}

// Unsubscribe links: the account id signed with a key of the account's own (made on first use; replacing it
// voids every link sent before).
async function unsubscribeKey(db: Database, userId: number): Promise<string> {
  const key = generateSecret(32)
  await db
    .insert(userNotificationSettings)
    .values({ userId, ...DEFAULTS, unsubscribeKey: key })
    .onConflictDoNothing()
  // Two deliveries at once keep the first key.
  const [row] = await db
    .update(userNotificationSettings)
    .set({ unsubscribeKey: sql`coalesce(${userNotificationSettings.unsubscribeKey}, ${key})` })
    .where(eq(userNotificationSettings.userId, userId))
    .returning({ key: userNotificationSettings.unsubscribeKey })
  return row?.key ?? key
}

const sign = (key: string, userId: number) =>
  createHmac('sha256', key).update(`unsubscribe-email:${userId}`).digest('base64url')

export async function unsubscribeToken(db: Database, userId: number): Promise<string> {
  return `${userId}.${sign(await unsubscribeKey(db, userId), userId)}`
}

/** Turns e-mail off for the token's account; answers the account's language (for the page), or null for a bad token. */
export async function unsubscribeByToken(db: Database, token: string): Promise<Language | null> {
  const match = /^(\d{1,10})\.([A-Za-z0-9_-]{43})$/.exec(token)
  if (!match) return null
  const userId = Number(match[1])
  const [row] = await db
    .select({ key: userNotificationSettings.unsubscribeKey, language: users.language })
    .from(userNotificationSettings)
    .innerJoin(users, eq(users.id, userNotificationSettings.userId))
    .where(eq(userNotificationSettings.userId, userId))
  const key = row?.key
  if (!row || !key) return null
  const expected = Buffer.from(sign(key, userId))
  const given = Buffer.from(match[2] ?? '')
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null
  await db
    .update(userNotificationSettings)
    .set({ email: false, updatedAt: new Date() })
    .where(eq(userNotificationSettings.userId, userId))
  return row.language
}
