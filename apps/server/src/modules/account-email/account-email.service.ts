import { msg } from '@teplo/domain'
import { and, eq, ne } from 'drizzle-orm'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import type { Database } from '../../db/client.ts'
import { HttpError, invalidField, notFound } from '../../lib/api-error.ts'
import { isUniqueViolation } from '../../lib/database-errors.ts'
import type { AppEventBus } from '../../lib/events.ts'
import type { Mailer } from '../../lib/mailer.ts'
import { revokeUserTokens } from '../auth/access-tokens.ts'
import { normalizeEmail } from '../auth/auth.service.ts'
import { requireRecentAuthentication, type SessionRef } from '../auth/recent-auth.ts'
import { HOUR_SECONDS, type MailCap, takeMailAllowance } from '../mail-caps/mail-caps.ts'
import { emailTaken } from '../users/user-input.ts'
import { users } from '../users/users.tables.ts'
import {
  issueEmailLink,
  LINK_LIFETIME_DAYS,
  openLink,
  spendOpenLinks,
  type Transaction,
} from './email-links.ts'
import { addressMail, emailLink, UNDO_PAGE, VERIFY_PAGE } from './email-mail.ts'

export const EMAIL_MESSAGES = {
  invalidLink: msg('server.accountEmail.linkInvalid'),
  alreadyVerified: msg('server.accountEmail.alreadyConfirmed'),
  mailFailed: msg('server.accountEmail.sendFailed'),
  restoreTaken: msg('server.accountEmail.previousTaken'),
} as const

/** Verification and address-change mail per account: each request sends one or two letters. */
export const ADDRESS_MAIL_CAP: MailCap = { kind: 'address', limit: 5, windowSeconds: HOUR_SECONDS }

export type AccountEmailContext = {
  db: Database
  events: AppEventBus
  mailer: Mailer
  appUrl: string
  log: FastifyBaseLogger
}

/** What the address links need of the app, logging to `log` (a request's, or the app's). */
export function accountEmailContext(
  app: Pick<FastifyInstance, 'db' | 'events' | 'mailer' | 'config' | 'log'>,
  log: FastifyBaseLogger = app.log,
): AccountEmailContext {
  return { db: app.db, events: app.events, mailer: app.mailer, appUrl: app.config.appUrl, log }
}

async function account(db: Database | Transaction, userId: number) {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1)
  if (!row) throw notFound()
  return row
}

async function send(context: AccountEmailContext, mail: Parameters<Mailer['send']>[0]) {
  try {
    await context.mailer.send(mail)
  } catch (err) {
    context.log.error({ err }, 'account e-mail: letter not sent')
    throw new HttpError(503, EMAIL_MESSAGES.mailFailed)
  }
}

/**
 * Mails a link proving the account's current address (sign-up, the re-send button). A failed mail leaves no link
 * behind (503); an address already proven is a 409.
 */
export async function sendVerificationLink(context: AccountEmailContext, userId: number, now = new Date()) {
  const { db } = context
  const user = await account(db, userId)
  if (user.emailVerifiedAt) throw new HttpError(409, EMAIL_MESSAGES.alreadyVerified)
  await takeMailAllowance(db, ADDRESS_MAIL_CAP, String(userId), now)
  await db.transaction(async (tx) => {
    const token = await issueEmailLink(tx, userId, 'verify', user.email, now)
    const link = emailLink(context.appUrl, VERIFY_PAGE, token)
    const parts = { name: user.name, email: user.email, link, days: LINK_LIFETIME_DAYS.verify }
    await send(context, addressMail('verify', user.email, parts, user.language))
  })
}

/**
 * PATCH /me {email}: with a recent re-authentication, the new address gets a link that applies the change, and
 * the current address is told, with a link that undoes it. Nothing changes until the first link is opened.
 */
export async function requestEmailChange(
  context: AccountEmailContext,
  session: SessionRef,
  input: { email: string; currentPassword?: string | undefined },
  now = new Date(),
): Promise<void> {
  const { db } = context
  const email = normalizeEmail(input.email)
  await requireRecentAuthentication(db, session, input.currentPassword)
  const user = await account(db, session.userId)
  if (user.email === email) {
    // Asking for the current address again withdraws a change still waiting.
    await spendOpenLinks(db, user.id, ['change'], now)
    return
  }
  const [holder] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, user.id)))
    .limit(1)
  if (holder) throw emailTaken()
  await takeMailAllowance(db, ADDRESS_MAIL_CAP, String(user.id), now)
  await db.transaction(async (tx) => {
    const changeToken = await issueEmailLink(tx, user.id, 'change', email, now)
    const undoToken = await issueEmailLink(tx, user.id, 'undo', user.email, now)
    const change = emailLink(context.appUrl, VERIFY_PAGE, changeToken)
    const undo = emailLink(context.appUrl, UNDO_PAGE, undoToken)
    await send(
      context,
      addressMail(
        'change',
        email,
        { name: user.name, email, link: change, days: LINK_LIFETIME_DAYS.change },
        user.language,
      ),
    )
    await send(
      context,
      addressMail(
        'notice',
        user.email,
        { name: user.name, email, link: undo, days: LINK_LIFETIME_DAYS.undo },
        user.language,
      ),
    )
  })
}

export type EmailLinkOutcome = { purpose: 'verify' | 'change' | 'undo'; email: string; signedOut: boolean }

async function setAddress(tx: Transaction, userId: number, email: string, now: Date, taken: () => HttpError) {
  const [holder] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, userId)))
    .limit(1)
  if (holder) throw taken()
  await tx.update(users).set({ email, emailVerifiedAt: now, updatedAt: now }).where(eq(users.id, userId))
  // A reset link names the old address; it must not outlive the change.
  await revokeUserTokens(tx, userId, 'password_reset')
}

/**
 * POST /email-verification {token}: the mailbox is proven. A `verify` link marks the account's address verified
 * (if it is still the address the link was sent to); a `change` link makes the new address the account's.
 */
export async function openVerificationLink(
  db: Database,
  events: AppEventBus,
  token: string,
  now = new Date(),
): Promise<EmailLinkOutcome> {
  const invalid = () => invalidField('token', EMAIL_MESSAGES.invalidLink)
  const outcome = await runSpending(db, async (tx) => {
    const link = await openLink(tx, token, ['verify', 'change'], now)
    if (!link) throw invalid()
    const user = await account(tx, link.userId)
    await spendOpenLinks(tx, user.id, [link.purpose as 'verify' | 'change'], now)
    if (link.purpose === 'verify') {
      if (user.email !== link.email) throw invalid()
      if (!user.emailVerifiedAt) {
        await tx.update(users).set({ emailVerifiedAt: now, updatedAt: now }).where(eq(users.id, user.id))
      }
      return { purpose: 'verify' as const, email: user.email, userId: user.id }
    }
    await setAddress(tx, user.id, link.email, now, emailTaken)
    await spendOpenLinks(tx, user.id, ['verify'], now)
    return { purpose: 'change' as const, email: link.email, userId: user.id }
  })
  // The sessions carry the address (token cache, ADR 020).
  events.emit('user.access-changed', { userId: outcome.userId })
  return { purpose: outcome.purpose, email: outcome.email, signedOut: false }
}

/**
 * POST /email-change/undo {token}: the old address's owner cancels a change still waiting, or puts the old
 * address back after it was applied; either way every session of the account ends (whoever changed it is out).
 */
export async function undoEmailChange(
  db: Database,
  events: AppEventBus,
  token: string,
  now = new Date(),
): Promise<EmailLinkOutcome> {
  const outcome = await runSpending(db, async (tx) => {
    const link = await openLink(tx, token, ['undo'], now)
    if (!link) throw invalidField('token', EMAIL_MESSAGES.invalidLink)
    const user = await account(tx, link.userId)
    await spendOpenLinks(tx, user.id, ['undo', 'change', 'verify'], now)
    if (user.email !== link.email) {
      await setAddress(tx, user.id, link.email, now, () => new HttpError(409, EMAIL_MESSAGES.restoreTaken))
    } else if (!user.emailVerifiedAt) {
      // The letter reached the old address: that mailbox is proven.
      await tx.update(users).set({ emailVerifiedAt: now, updatedAt: now }).where(eq(users.id, user.id))
    }
    await revokeUserTokens(tx, user.id, 'access')
    return { email: link.email, userId: user.id }
  })
  events.emit('user.access-changed', { userId: outcome.userId })
  return { purpose: 'undo', email: outcome.email, signedOut: true }
}

// A link is spent in one transaction with what it does; a unique violation (a racing sign-up) is the same refusal.
async function runSpending<T>(db: Database, work: (tx: Transaction) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(work)
  } catch (err) {
    if (isUniqueViolation(err)) throw emailTaken()
    throw err
  }
}
