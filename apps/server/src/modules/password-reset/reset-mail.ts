import type { Language } from '@teplo/domain'
import type { MailMessage } from '../../lib/mailer.ts'

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

// The link opens the web's /password/reset screen, which reads email and token from the address.
export function resetLink(redirectUrl: string, token: string, email: string): string {
  const url = new URL(redirectUrl)
  url.searchParams.set('token', token)
  url.searchParams.set('email', email)
  return url.toString()
}

type ResetParts = { name: string; link: string; minutes: number }
type Wording = { subject: string; text: (p: ResetParts) => string[]; html: (p: ResetParts) => string[] }

/** The reset e-mail in each language (the name and the link arrive already escaped for the HTML part). */
const RESET_MAIL: Record<Language, Wording> = {
  uk: {
    subject: 'Teplo: зміна пароля',
    text: (p) => [
      `Вітаємо, ${p.name}!`,
      '',
      'Ми отримали запит на зміну пароля до вашого облікового запису Teplo.',
      `Щоб встановити новий пароль, відкрийте посилання (воно діє ${p.minutes} хвилин і лише один раз):`,
      p.link,
      '',
      'Якщо ви не просили змінити пароль, просто проігноруйте цей лист — пароль залишиться без змін.',
    ],
    html: (p) => [
      `<p>Вітаємо, ${p.name}!</p>`,
      '<p>Ми отримали запит на зміну пароля до вашого облікового запису Teplo.</p>',
      `<p><a href="${p.link}">Встановити новий пароль</a></p>`,
      `<p>Посилання діє ${p.minutes} хвилин і лише один раз.</p>`,
      '<p>Якщо ви не просили змінити пароль, просто проігноруйте цей лист — пароль залишиться без змін.</p>',
    ],
  },
  en: {
    subject: 'Teplo: password change',
    text: (p) => [
      `Hello, ${p.name}!`,
      '',
      'We received a request to change the password of your Teplo account.',
      `To set a new password, open the link (it works for ${p.minutes} minutes and only once):`,
      p.link,
      '',
      'If you did not ask to change your password, just ignore this e-mail: your password stays as it is.',
    ],
    html: (p) => [
      `<p>Hello, ${p.name}!</p>`,
      '<p>We received a request to change the password of your Teplo account.</p>',
      `<p><a href="${p.link}">Set a new password</a></p>`,
      `<p>The link works for ${p.minutes} minutes and only once.</p>`,
      '<p>If you did not ask to change your password, just ignore this e-mail: your password stays as it is.</p>',
    ],
  },
}

/** The reset e-mail in the account's language. */
export function resetMail(
  to: string,
  name: string,
  link: string,
  lifetimeMinutes: number,
  language: Language,
): MailMessage {
  const wording = RESET_MAIL[language]
  const text = wording.text({ name, link, minutes: lifetimeMinutes }).join('\n')
  const html = wording
    .html({ name: escapeHtml(name), link: escapeHtml(link), minutes: lifetimeMinutes })
    .join('\n')
  return { to, subject: wording.subject, text, html }
}
