import { accessLabel, msg, translateMessage } from '@teplo/domain'
import type { RemovedAccess } from '../../lib/events.ts'
import type { MailMessage } from '../../lib/mailer.ts'

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** To a person who lost access to a device when it changed hands (ADR 033), in their own language. */
export function accessEndedMail(person: RemovedAccess, itemName: string): MailMessage {
  const { language } = person
  const line = translateMessage(
    person.access === 'owner'
      ? msg('server.mail.handover.owner', { itemName })
      : msg('server.mail.handover.share', { itemName, level: accessLabel(person.access, language) }),
    language,
  )
  const after = translateMessage(msg('server.mail.handover.after'), language)
  return {
    to: person.email,
    subject: translateMessage(msg('server.mail.handover.subject'), language),
    text: [line, '', after].join('\n'),
    html: [`<p>${escapeHtml(line)}</p>`, `<p>${escapeHtml(after)}</p>`].join('\n'),
  }
}
