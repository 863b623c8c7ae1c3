import type { Language } from '@teplo/domain'
import type { MailMessage } from '../../lib/mailer.ts'

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** The web's screens that read the mailed token from the address (they work signed out). */
export const VERIFY_PAGE = '/email/verify'
export const UNDO_PAGE = '/email/undo'

export function emailLink(appUrl: string, page: string, token: string): string {
  const url = new URL(`${appUrl}${page}`)
  url.searchParams.set('token', token)
  return url.toString()
}

type Parts = { name: string; link: string; days: number; email: string }
type Wording = { subject: string; text: (p: Parts) => string[]; html: (p: Parts) => string[] }
type Kind = 'verify' | 'change' | 'notice'

/** The address e-mails in each language (values arrive escaped for the HTML part). */
const EMAIL_MAIL: Record<Language, Record<Kind, Wording>> = {
  uk: {
    verify: {
      subject: 'Teplo: підтвердіть адресу електронної пошти',
      text: (p) => [
        `Вітаємо, ${p.name}!`,
        '',
        `Підтвердіть, що адреса ${p.email} — ваша: відкрийте посилання (воно діє ${p.days} днів):`,
        p.link,
        '',
        'Підтверджена адреса дозволяє приймати запрошення до котлів, надіслані на неї.',
        'Якщо ви не створювали облікового запису Teplo, просто проігноруйте цей лист.',
      ],
      html: (p) => [
        `<p>Вітаємо, ${p.name}!</p>`,
        `<p>Підтвердіть, що адреса ${p.email} — ваша.</p>`,
        `<p><a href="${p.link}">Підтвердити адресу</a></p>`,
        `<p>Посилання діє ${p.days} днів. Підтверджена адреса дозволяє приймати запрошення до котлів, надіслані на неї.</p>`,
        '<p>Якщо ви не створювали облікового запису Teplo, просто проігноруйте цей лист.</p>',
      ],
    },
    change: {
      subject: 'Teplo: підтвердіть нову адресу електронної пошти',
      text: (p) => [
        `Вітаємо, ${p.name}!`,
        '',
        `Ви попросили змінити адресу облікового запису Teplo на ${p.email}.`,
        `Зміна набуде чинності, коли ви відкриєте посилання (воно діє ${p.days} днів і лише один раз):`,
        p.link,
        '',
        'Якщо ви нічого не змінювали, просто проігноруйте цей лист — адреса залишиться попередньою.',
      ],
      html: (p) => [
        `<p>Вітаємо, ${p.name}!</p>`,
        `<p>Ви попросили змінити адресу облікового запису Teplo на ${p.email}.</p>`,
        `<p><a href="${p.link}">Підтвердити нову адресу</a></p>`,
        `<p>Посилання діє ${p.days} днів і лише один раз.</p>`,
        '<p>Якщо ви нічого не змінювали, просто проігноруйте цей лист — адреса залишиться попередньою.</p>',
      ],
    },
    notice: {
      subject: 'Teplo: запит на зміну адреси вашого облікового запису',
      text: (p) => [
        `Вітаємо, ${p.name}!`,
        '',
        `Для вашого облікового запису Teplo попросили змінити адресу на ${p.email}. Зміна набуде чинності, коли буде відкрито посилання, надіслане на нову адресу.`,
        `Якщо це були не ви, відкрийте посилання (воно діє ${p.days} днів): зміну буде скасовано або адресу повернуто, а всі сеанси входу завершено. Після цього змініть пароль.`,
        p.link,
      ],
      html: (p) => [
        `<p>Вітаємо, ${p.name}!</p>`,
        `<p>Для вашого облікового запису Teplo попросили змінити адресу на ${p.email}. Зміна набуде чинності, коли буде відкрито посилання, надіслане на нову адресу.</p>`,
        `<p>Якщо це були не ви: <a href="${p.link}">скасувати зміну адреси</a>. Зміну буде скасовано або адресу повернуто, а всі сеанси входу завершено. Після цього змініть пароль.</p>`,
        `<p>Посилання діє ${p.days} днів.</p>`,
      ],
    },
  },
  en: {
    verify: {
      subject: 'Teplo: confirm your e-mail address',
      text: (p) => [
        `Hello, ${p.name}!`,
        '',
        `Confirm that ${p.email} is your address: open the link (it works for ${p.days} days):`,
        p.link,
        '',
        'A confirmed address lets you accept boiler invitations sent to it.',
        'If you did not create a Teplo account, just ignore this e-mail.',
      ],
      html: (p) => [
        `<p>Hello, ${p.name}!</p>`,
        `<p>Confirm that ${p.email} is your address.</p>`,
        `<p><a href="${p.link}">Confirm the address</a></p>`,
        `<p>The link works for ${p.days} days. A confirmed address lets you accept boiler invitations sent to it.</p>`,
        '<p>If you did not create a Teplo account, just ignore this e-mail.</p>',
      ],
    },
    change: {
      subject: 'Teplo: confirm your new e-mail address',
      text: (p) => [
        `Hello, ${p.name}!`,
        '',
        `You asked to change the address of your Teplo account to ${p.email}.`,
        `The change takes effect when you open the link (it works for ${p.days} days and only once):`,
        p.link,
        '',
        'If you changed nothing, just ignore this e-mail: your address stays as it was.',
      ],
      html: (p) => [
        `<p>Hello, ${p.name}!</p>`,
        `<p>You asked to change the address of your Teplo account to ${p.email}.</p>`,
        `<p><a href="${p.link}">Confirm the new address</a></p>`,
        `<p>The link works for ${p.days} days and only once.</p>`,
        '<p>If you changed nothing, just ignore this e-mail: your address stays as it was.</p>',
      ],
    },
    notice: {
      subject: 'Teplo: a change of your account address was requested',
      text: (p) => [
        `Hello, ${p.name}!`,
        '',
        `A change of your Teplo account's address to ${p.email} was requested. It takes effect when the link sent to the new address is opened.`,
        `If it was not you, open the link (it works for ${p.days} days): the change is cancelled or your address restored, and every session is signed out. Then change your password.`,
        p.link,
      ],
      html: (p) => [
        `<p>Hello, ${p.name}!</p>`,
        `<p>A change of your Teplo account's address to ${p.email} was requested. It takes effect when the link sent to the new address is opened.</p>`,
        `<p>If it was not you: <a href="${p.link}">undo the address change</a>. The change is cancelled or your address restored, and every session is signed out. Then change your password.</p>`,
        `<p>The link works for ${p.days} days.</p>`,
      ],
    },
  },
}

/**
 * One of the address e-mails in the account's language: `verify` proves `email` (sent to it), `change` applies
 * the new `email` (sent to it), `notice` tells the old address about a change to `email` with the undo link.
 */
export function addressMail(
  kind: Kind,
  to: string,
  parts: { name: string; email: string; link: string; days: number },
  language: Language,
): MailMessage {
  const wording = EMAIL_MAIL[language][kind]
  const escaped = {
    name: escapeHtml(parts.name),
    email: escapeHtml(parts.email),
    link: escapeHtml(parts.link),
    days: parts.days,
  }
  return {
    to,
    subject: wording.subject,
    text: wording.text(parts).join('\n'),
    html: wording.html(escaped).join('\n'),
  }
}
