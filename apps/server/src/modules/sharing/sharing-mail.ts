import { type AccessLevel, accessHint, accessLabel, type Language } from '@teplo/domain'
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

type InvitationParts = { line: string; link: string; days: number }

/** The sharing e-mails' wording in each language (values arrive escaped for the HTML parts). */
const SHARING_MAIL: Record<
  Language,
  {
    offerLine: (from: string, itemName: string, access: AccessLevel) => string
    invitationSubject: (access: AccessLevel) => string
    invitationText: (p: InvitationParts) => string[]
    invitationHtml: (p: InvitationParts) => string[]
    grantedSubject: string
    grantedLine: (from: string, itemName: string, label: string) => string
    grantedText: (line: string, link: string) => string[]
    grantedHtml: (line: string, link: string) => string[]
  }
> = {
  uk: {
    offerLine: (from, itemName, access) =>
      access === 'owner'
        ? `${from} пропонує передати вам котел «${itemName}» у власність.`
        : `${from} запрошує вас до котла «${itemName}» з доступом «${accessLabel(access, 'uk')}» (${accessHint(access, 'uk').toLowerCase()}).`,
    invitationSubject: (access) =>
      access === 'owner' ? 'Teplo: передача котла' : 'Teplo: запрошення до котла',
    invitationText: (p) => [
      'Вітаємо!',
      '',
      p.line,
      `Щоб прийняти, відкрийте посилання (воно діє ${p.days} днів і лише один раз). Якщо облікового запису Teplo на цю адресу ще немає, зареєструйтеся з нею — і запрошення буде прийнято:`,
      p.link,
      '',
      'Якщо ви не чекали цього листа, просто проігноруйте його.',
    ],
    invitationHtml: (p) => [
      '<p>Вітаємо!</p>',
      `<p>${p.line}</p>`,
      `<p><a href="${p.link}">Прийняти запрошення</a></p>`,
      `<p>Посилання діє ${p.days} днів і лише один раз. Якщо облікового запису Teplo на цю адресу ще немає, зареєструйтеся з нею.</p>`,
      '<p>Якщо ви не чекали цього листа, просто проігноруйте його.</p>',
    ],
    grantedSubject: 'Teplo: вам надано доступ до котла',
    grantedLine: (from, itemName, label) => `${from} надав(ла) вам доступ «${label}» до котла «${itemName}».`,
    grantedText: (line, link) => ['Вітаємо!', '', line, 'Котел уже у вашому списку пристроїв:', link],
    grantedHtml: (line, link) => [
      '<p>Вітаємо!</p>',
      `<p>${line}</p>`,
      `<p><a href="${link}">Відкрити Teplo</a></p>`,
    ],
  },
  en: {
    offerLine: (from, itemName, access) =>
      access === 'owner'
        ? `${from} offers to hand the boiler “${itemName}” over to you as its owner.`
        : `${from} invites you to the boiler “${itemName}” with “${accessLabel(access, 'en')}” access (${accessHint(access, 'en').toLowerCase()}).`,
    invitationSubject: (access) =>
      access === 'owner' ? 'Teplo: a boiler handed over to you' : 'Teplo: an invitation to a boiler',
    invitationText: (p) => [
      'Hello!',
      '',
      p.line,
      `To accept, open the link (it works for ${p.days} days and only once). If there is no Teplo account for this address yet, sign up with it and the invitation will be accepted:`,
      p.link,
      '',
      'If you did not expect this e-mail, just ignore it.',
    ],
    invitationHtml: (p) => [
      '<p>Hello!</p>',
      `<p>${p.line}</p>`,
      `<p><a href="${p.link}">Accept the invitation</a></p>`,
      `<p>The link works for ${p.days} days and only once. If there is no Teplo account for this address yet, sign up with it.</p>`,
      '<p>If you did not expect this e-mail, just ignore it.</p>',
    ],
    grantedSubject: 'Teplo: you have been given access to a boiler',
    grantedLine: (from, itemName, label) => `${from} gave you “${label}” access to the boiler “${itemName}”.`,
    grantedText: (line, link) => ['Hello!', '', line, 'The boiler is already in your list of devices:', link],
    grantedHtml: (line, link) => [
      '<p>Hello!</p>',
      `<p>${line}</p>`,
      `<p><a href="${link}">Open Teplo</a></p>`,
    ],
  },
}

/** To an address: accept with the link (registering first when it has no account yet). */
export function invitationMail(offer: Offer, link: string, lifetimeDays: number): MailMessage {
  const wording = SHARING_MAIL[offer.language]
  const line = wording.offerLine(offer.from, offer.itemName, offer.access)
  const text = wording.invitationText({ line, link, days: lifetimeDays }).join('\n')
  const html = wording
    .invitationHtml({ line: escapeHtml(line), link: escapeHtml(link), days: lifetimeDays })
    .join('\n')
  return { to: offer.to, subject: wording.invitationSubject(offer.access), text, html }
}

/** To an account that got access at once. */
export function accessGrantedMail(offer: Offer, appUrl: string): MailMessage {
  const wording = SHARING_MAIL[offer.language]
  const line = wording.grantedLine(offer.from, offer.itemName, accessLabel(offer.access, offer.language))
  const link = `${appUrl}/dashboards`
  return {
    to: offer.to,
    subject: wording.grantedSubject,
    text: wording.grantedText(line, link).join('\n'),
    html: wording.grantedHtml(escapeHtml(line), escapeHtml(link)).join('\n'),
  }
}
