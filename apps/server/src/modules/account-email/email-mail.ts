import { type Language, type MessageKey, type MessageParams, msg, translateMessage } from '@teplo/domain'
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

type Kind = 'verify' | 'change' | 'notice'

/**
 * One of the address e-mails in the account's language: `verify` proves `email` (sent to it), `change` applies
 * the new `email` (sent to it), `notice` tells the old address about a change to `email` with the undo link.
 * The name, the address and the link are escaped for the HTML part.
 */
export function addressMail(
  kind: Kind,
  to: string,
  parts: { name: string; email: string; link: string; days: number },
  language: Language,
): MailMessage {
  const t = (key: MessageKey, params?: MessageParams) => translateMessage(msg(key, params), language)
  const { name, email, link, days } = parts
  const html = { name: escapeHtml(name), email: escapeHtml(email), link: escapeHtml(link) }
  const greeting = t('server.mail.accountEmail.greeting', { name })
  const htmlGreeting = `<p>${t('server.mail.accountEmail.greeting', { name: html.name })}</p>`
  const anchor = (label: string) => `<a href="${html.link}">${label}</a>`
  const wording: Record<Kind, () => { subject: string; text: string[]; html: string[] }> = {
    verify: () => ({
      subject: t('server.mail.accountEmail.verify.subject'),
      text: [
        greeting,
        '',
        t('server.mail.accountEmail.verify.openLink', { email, days }),
        link,
        '',
        t('server.mail.accountEmail.verify.why'),
        t('server.mail.accountEmail.verify.notYou'),
      ],
      html: [
        htmlGreeting,
        `<p>${t('server.mail.accountEmail.verify.confirm', { email: html.email })}</p>`,
        `<p>${anchor(t('server.mail.accountEmail.verify.linkLabel'))}</p>`,
        `<p>${t('server.mail.accountEmail.linkWorks', { days })} ${t('server.mail.accountEmail.verify.why')}</p>`,
        `<p>${t('server.mail.accountEmail.verify.notYou')}</p>`,
      ],
    }),
    change: () => ({
      subject: t('server.mail.accountEmail.change.subject'),
      text: [
        greeting,
        '',
        t('server.mail.accountEmail.change.asked', { email }),
        t('server.mail.accountEmail.change.openLink', { days }),
        link,
        '',
        t('server.mail.accountEmail.change.notYou'),
      ],
      html: [
        htmlGreeting,
        `<p>${t('server.mail.accountEmail.change.asked', { email: html.email })}</p>`,
        `<p>${anchor(t('server.mail.accountEmail.change.linkLabel'))}</p>`,
        `<p>${t('server.mail.accountEmail.linkWorksOnce', { days })}</p>`,
        `<p>${t('server.mail.accountEmail.change.notYou')}</p>`,
      ],
    }),
    notice: () => ({
      subject: t('server.mail.accountEmail.notice.subject'),
      text: [
        greeting,
        '',
        t('server.mail.accountEmail.notice.requested', { email }),
        t('server.mail.accountEmail.notice.undo', { days }),
        link,
      ],
      html: [
        htmlGreeting,
        `<p>${t('server.mail.accountEmail.notice.requested', { email: html.email })}</p>`,
        `<p>${t('server.mail.accountEmail.notice.undoHtml', {
          undoLink: anchor(t('server.mail.accountEmail.notice.undoLinkLabel')),
        })}</p>`,
        `<p>${t('server.mail.accountEmail.linkWorks', { days })}</p>`,
      ],
    }),
  }
  const mail = wording[kind]()
  return { to, subject: mail.subject, text: mail.text.join('\n'), html: mail.html.join('\n') }
}
