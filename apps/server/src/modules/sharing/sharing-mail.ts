import { ACCESS_LEVEL_HINTS, ACCESS_LEVEL_LABELS, type AccessLevel } from '@teplo/domain'
import type { MailMessage } from '../../lib/mailer.ts'

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** The web's acceptance screen reads the token from the address (it works signed out: sign in, then accept). */
export const INVITATION_PAGE = '/invitations/accept'

export function invitationLink(appUrl: string, token: string): string {
  const url = new URL(`${appUrl}${INVITATION_PAGE}`)
  url.searchParams.set('token', token)
  return url.toString()
}

type Offer = { to: string; from: string; itemName: string; access: AccessLevel }

function offerLine({ from, itemName, access }: Offer): string {
  return access === 'owner'
    ? `${from} пропонує передати вам котел «${itemName}» у власність.`
    : `${from} запрошує вас до котла «${itemName}» з доступом «${ACCESS_LEVEL_LABELS[access]}» (${ACCESS_LEVEL_HINTS[access].toLowerCase()}).`
}

/** To an address: accept with the link (registering first when it has no account yet). */
export function invitationMail(offer: Offer, link: string, lifetimeDays: number): MailMessage {
  const line = offerLine(offer)
  const text = [
    'Вітаємо!',
    '',
    line,
    `Щоб прийняти, відкрийте посилання (воно діє ${lifetimeDays} днів і лише один раз). Якщо облікового запису Teplo на цю адресу ще немає, зареєструйтеся з нею — і запрошення буде прийнято:`,
    link,
    '',
    'Якщо ви не чекали цього листа, просто проігноруйте його.',
  ].join('\n')
  const html = [
    '<p>Вітаємо!</p>',
    `<p>${escapeHtml(line)}</p>`,
    `<p><a href="${escapeHtml(link)}">Прийняти запрошення</a></p>`,
    `<p>Посилання діє ${lifetimeDays} днів і лише один раз. Якщо облікового запису Teplo на цю адресу ще немає, зареєструйтеся з нею.</p>`,
    '<p>Якщо ви не чекали цього листа, просто проігноруйте його.</p>',
  ].join('\n')
  const subject = offer.access === 'owner' ? 'Teplo: передача котла' : 'Teplo: запрошення до котла'
  return { to: offer.to, subject, text, html }
}

/** To an account that got access at once. */
export function accessGrantedMail(offer: Offer, appUrl: string): MailMessage {
  const line = `${offer.from} надав(ла) вам доступ «${ACCESS_LEVEL_LABELS[offer.access]}» до котла «${offer.itemName}».`
  const link = `${appUrl}/dashboards`
  return {
    to: offer.to,
    subject: 'Teplo: вам надано доступ до котла',
    text: ['Вітаємо!', '', line, 'Котел уже у вашому списку пристроїв:', link].join('\n'),
    html: [
      '<p>Вітаємо!</p>',
      `<p>${escapeHtml(line)}</p>`,
      `<p><a href="${escapeHtml(link)}">Відкрити Teplo</a></p>`,
    ].join('\n'),
  }
}
