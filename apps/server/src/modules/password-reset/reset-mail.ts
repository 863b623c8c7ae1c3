import { type Language, type MessageKey, type MessageParams, msg, translateMessage } from '@teplo/domain'
import type { MailMessage } from '../../lib/mailer.ts'

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

// The link opens the web's /password/reset screen, which reads email and token from the address.
export function resetLink(redirectUrl: string, token: string, email: string): string {
  const url = new URL(redirectUrl)
  url.searchParams.set('token', token)
  url.searchParams.set('email', email)
  return url.toString()
}

/** The reset e-mail in the account's language (the name and the link are escaped for the HTML part). */
export function resetMail(
  to: string,
  name: string,
  link: string,
  lifetimeMinutes: number,
  language: Language,
): MailMessage {
  const t = (key: MessageKey, params?: MessageParams) => translateMessage(msg(key, params), language)
  const minutes = lifetimeMinutes
  const text = [
    t('server.mail.passwordReset.greeting', { name }),
    '',
    t('server.mail.passwordReset.requested'),
    t('server.mail.passwordReset.openLink', { minutes }),
    link,
    '',
    t('server.mail.passwordReset.notYou'),
  ].join('\n')
  const html = [
    `<p>${t('server.mail.passwordReset.greeting', { name: escapeHtml(name) })}</p>`,
    `<p>${t('server.mail.passwordReset.requested')}</p>`,
    `<p><a href="${escapeHtml(link)}">${t('server.mail.passwordReset.linkLabel')}</a></p>`,
    `<p>${t('server.mail.passwordReset.linkWorks', { minutes })}</p>`,
    `<p>${t('server.mail.passwordReset.notYou')}</p>`,
  ].join('\n')
  return { to, subject: t('server.mail.passwordReset.subject'), text, html }
}
