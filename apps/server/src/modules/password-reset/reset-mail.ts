import type { MailMessage } from '../../lib/mailer.ts'

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

// The link opens the web's /password/reset screen, which reads email and token from the address.
export function resetLink(redirectUrl: string, token: string, email: string): string {
  const url = new URL(redirectUrl)
  url.searchParams.set('token', token)
  url.searchParams.set('email', email)
  return url.toString()
}

export function resetMail(to: string, name: string, link: string, lifetimeMinutes: number): MailMessage {
  const text = [
    `Вітаємо, ${name}!`,
    '',
    'Ми отримали запит на зміну пароля до вашого облікового запису Teplo.',
    `Щоб встановити новий пароль, відкрийте посилання (воно діє ${lifetimeMinutes} хвилин і лише один раз):`,
    link,
    '',
    'Якщо ви не просили змінити пароль, просто проігноруйте цей лист — пароль залишиться без змін.',
  ].join('\n')
  const html = [
    `<p>Вітаємо, ${escapeHtml(name)}!</p>`,
    '<p>Ми отримали запит на зміну пароля до вашого облікового запису Teplo.</p>',
    `<p><a href="${escapeHtml(link)}">Встановити новий пароль</a></p>`,
    `<p>Посилання діє ${lifetimeMinutes} хвилин і лише один раз.</p>`,
    '<p>Якщо ви не просили змінити пароль, просто проігноруйте цей лист — пароль залишиться без змін.</p>',
  ].join('\n')
  return { to, subject: 'Teplo: зміна пароля', text, html }
}
