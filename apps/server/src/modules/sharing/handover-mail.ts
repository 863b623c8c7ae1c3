import { accessLabel, type Language } from '@teplo/domain'
import type { RemovedAccess } from '../../lib/events.ts'
import type { MailMessage } from '../../lib/mailer.ts'

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** The notice's wording in each language: the previous holder, or a person whose share ended. */
const HANDOVER_MAIL: Record<
  Language,
  {
    subject: string
    owner: (itemName: string) => string
    share: (itemName: string, label: string) => string
    after: string
  }
> = {
  uk: {
    subject: 'Teplo: котел передано новому власнику',
    owner: (itemName) =>
      `Котел «${itemName}» передано новому власнику: його більше немає у вашому обліковому записі, і доступу до нього у вас немає.`,
    share: (itemName, label) =>
      `Котел «${itemName}» передано новому власнику, тому ваш доступ «${label}» до нього завершено.`,
    after:
      'Якщо доступ вам ще потрібен, попросіть нового власника запросити вас знову. Якщо котел передано без вашого відома, зверніться до адміністратора Teplo.',
  },
  en: {
    subject: 'Teplo: a boiler handed over to a new owner',
    owner: (itemName) =>
      `The boiler “${itemName}” has been handed over to a new owner: it is no longer in your account, and you no longer have access to it.`,
    share: (itemName, label) =>
      `The boiler “${itemName}” has been handed over to a new owner, so your “${label}” access to it has ended.`,
    after:
      'If you still need access, ask the new owner to invite you again. If the boiler was handed over without your knowledge, contact the Teplo administrator.',
  },
}

/** To a person who lost access to a device when it changed hands (ADR 033), in their own language. */
export function accessEndedMail(person: RemovedAccess, itemName: string): MailMessage {
  const wording = HANDOVER_MAIL[person.language]
  const line =
    person.access === 'owner'
      ? wording.owner(itemName)
      : wording.share(itemName, accessLabel(person.access, person.language))
  return {
    to: person.email,
    subject: wording.subject,
    text: [line, '', wording.after].join('\n'),
    html: [`<p>${escapeHtml(line)}</p>`, `<p>${escapeHtml(wording.after)}</p>`].join('\n'),
  }
}
