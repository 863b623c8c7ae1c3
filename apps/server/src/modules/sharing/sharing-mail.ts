import {
  type AccessLevel,
  accessHint,
  accessLabel,
  type Language,
  type MessageKey,
  type MessageParams,
  msg,
  translateMessage,
} from '@teplo/domain'
import type { MailMessage } from '../../lib/mailer.ts'

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** The web's acceptance screen reads the token from the address (it works signed out: sign in, then accept). */
export const INVITATION_PAGE = '/invitations/accept'

export function invitationLink(appUrl: string, token: string): string {
  const url = new URL(`${appUrl}${INVITATION_PAGE}`)
  url.searchParams.set('token', token)
  return url.toString()
}

/** An offer to `to`, written in `language`: the recipient's, or the sender's when the address has no account. */
type Offer = { to: string; from: string; itemName: string; access: AccessLevel; language: Language }

/** An offer's line: ownership offered, or a level with what it allows (the hint lower-cased inside the sentence). */
function offerLine(offer: Offer): string {
  const { from, itemName, access, language } = offer
  return translateMessage(
    access === 'owner'
      ? msg('server.mail.sharing.offerOwner', { from, itemName })
      : msg('server.mail.sharing.offerShare', {
          from,
          itemName,
          level: accessLabel(access, language),
          hint: accessHint(access, language).toLowerCase(),
        }),
    language,
  )
}

/** To an address: accept with the link (registering first when it has no account yet). */
export function invitationMail(offer: Offer, link: string, lifetimeDays: number): MailMessage {
  const t = (key: MessageKey, params?: MessageParams) => translateMessage(msg(key, params), offer.language)
  const days = lifetimeDays
  const greeting = t('server.mail.sharing.greeting')
  const line = offerLine(offer)
  const notExpected = t('server.mail.sharing.invitation.notExpected')
  const text = [
    greeting,
    '',
    line,
    t('server.mail.sharing.invitation.openLink', { days }),
    link,
    '',
    notExpected,
  ]
  const html = [
    `<p>${greeting}</p>`,
    `<p>${escapeHtml(line)}</p>`,
    `<p><a href="${escapeHtml(link)}">${t('server.mail.sharing.invitation.linkLabel')}</a></p>`,
    `<p>${t('server.mail.sharing.invitation.linkWorks', { days })}</p>`,
    `<p>${notExpected}</p>`,
  ]
  const subject = t(
    offer.access === 'owner'
      ? 'server.mail.sharing.invitation.handoverSubject'
      : 'server.mail.sharing.invitation.subject',
  )
  return { to: offer.to, subject, text: text.join('\n'), html: html.join('\n') }
}

/** To an account that got access at once. */
export function accessGrantedMail(offer: Offer, appUrl: string): MailMessage {
  const t = (key: MessageKey, params?: MessageParams) => translateMessage(msg(key, params), offer.language)
  const greeting = t('server.mail.sharing.greeting')
  const line = t('server.mail.sharing.granted.line', {
    from: offer.from,
    itemName: offer.itemName,
    level: accessLabel(offer.access, offer.language),
  })
  const link = `${appUrl}/dashboards`
  return {
    to: offer.to,
    subject: t('server.mail.sharing.granted.subject'),
    text: [greeting, '', line, t('server.mail.sharing.granted.inList'), link].join('\n'),
    html: [
      `<p>${greeting}</p>`,
      `<p>${escapeHtml(line)}</p>`,
      `<p><a href="${escapeHtml(link)}">${t('server.mail.sharing.granted.linkLabel')}</a></p>`,
    ].join('\n'),
  }
}
