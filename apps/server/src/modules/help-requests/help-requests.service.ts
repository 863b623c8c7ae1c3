import type { HelpRequestData } from '@teplo/domain'
import { eq } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../../db/client.ts'
import { formatDate, typedResource } from '../../lib/jsonapi.ts'
import type { Mailer, MailMessage } from '../../lib/mailer.ts'
import { helpRequests } from './help-requests.tables.ts'

export type Requester = { userId: number; name: string; email: string }
export type HelpDesk = { db: Database; mailer: Mailer; supportEmail: string; log: FastifyBaseLogger }

export function helpRequestMail(to: string, requester: Requester, input: HelpRequestData): MailMessage {
  const text = [
    `Ім'я: ${input.name}`,
    `Обліковий запис: ${requester.name} <${requester.email}> (id ${requester.userId})`,
    '',
    'Проблема:',
    input.problem,
  ].join('\n')
  return { to, replyTo: requester.email, subject: `Teplo: запит на допомогу від ${input.name}`, text }
}

// The request is stored first: a mail outage must not lose what the user wrote.
export async function createHelpRequest(desk: HelpDesk, requester: Requester, input: HelpRequestData) {
  const { db, mailer, supportEmail, log } = desk
  const [stored] = await db
    .insert(helpRequests)
    .values({ userId: requester.userId, name: input.name, problem: input.problem })
    .returning()
  if (!stored) throw new Error('help request was not stored')
  let emailedAt: Date | null = null
  try {
    await mailer.send(helpRequestMail(supportEmail, requester, input))
    emailedAt = new Date()
    await db.update(helpRequests).set({ emailedAt }).where(eq(helpRequests.id, stored.id))
  } catch (err) {
    log.error({ err, helpRequestId: stored.id }, 'help request stored but not e-mailed to support')
  }
  return {
    data: typedResource('help-requests', stored.id, {
      name: stored.name,
      problem: stored.problem,
      created_at: formatDate(stored.createdAt),
      emailed_at: formatDate(emailedAt),
    }),
  }
}
