import {
  type AlarmFacts,
  alarmAction,
  alarmDescription,
  alarmTitle,
  LANGUAGE_LOCALES,
  type Language,
  type MessageKey,
  type MessageParams,
  msg,
  type NotificationChannel,
  translateMessage,
} from '@teplo/domain'
import type { Database } from '../../db/client.ts'
import type { Mailer } from '../../lib/mailer.ts'
import type { PushSender as PushSenders } from '../push/push-sender.ts'
import { unsubscribeToken } from './notification-settings.ts'

/** One delivery the outbox hands to a channel: who, which device, what happened. */
export type Delivery = {
  id: number
  channel: NotificationChannel
  userId: number
  userName: string
  email: string
  /** The recipient's language: the e-mail and the push are written in it. */
  language: Language
  itemId: number
  itemName: string
  alarm: AlarmFacts & { id: number; raisedAt: Date }
  attempts: number
}

/** Delivered, or deliberately not (nothing to deliver to): the outbox stops trying either way. */
export type ChannelResult = { state: 'sent' } | { state: 'skipped'; reason: string }

/** A channel's sender; it throws on a failure worth retrying (SMTP or the push service down). */
export type ChannelSender = (delivery: Delivery) => Promise<ChannelResult>

/** The push module's `sendPushToUser`: how many browsers took it; throws on a transient failure. */
export type PushSender = PushSenders['sendPushToUser']

export const deviceLink = (appUrl: string, itemId: number) => `${appUrl}/dashboards?device=${itemId}`
export const unsubscribeLink = (appUrl: string, token: string) =>
  `${appUrl}/api/v2/notifications/unsubscribe?token=${encodeURIComponent(token)}`

const kyivTime = (at: Date, language: Language) =>
  new Intl.DateTimeFormat(LANGUAGE_LOCALES[language], {
    timeZone: 'Europe/Kyiv',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(at)

/** The e-mail of an alarm in the recipient's language: the device, what happened, what to do, a link, an unsubscribe link. */
export function alarmMail(delivery: Delivery, appUrl: string, unsubscribeUrl: string) {
  const { alarm, language } = delivery
  const title = alarmTitle(alarm, language)
  const t = (key: MessageKey, params?: MessageParams) => translateMessage(msg(key, params), language)
  const text = [
    t('server.mail.alarm.greeting', { name: delivery.userName }),
    '',
    t('server.mail.alarm.what', { itemName: delivery.itemName, title }),
    t('server.mail.alarm.when', { when: kyivTime(alarm.raisedAt, language) }),
    '',
    t('server.mail.alarm.happened', { description: alarmDescription(alarm, language) }),
    '',
    t('server.mail.alarm.action', { action: alarmAction(alarm, language) }),
    '',
    t('server.mail.alarm.open', { link: deviceLink(appUrl, delivery.itemId) }),
    '',
    '—',
    t('server.mail.alarm.watching'),
    t('server.mail.alarm.unsubscribe', { url: unsubscribeUrl }),
  ].join('\n')
  return {
    to: delivery.email,
    subject: `Teplo: ${delivery.itemName} — ${title}`,
    text,
    messageId: `<alarm-${alarm.id}-user-${delivery.userId}@teplo>`,
    headers: {
      'List-Unsubscribe': `<${unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  }
}

export function emailChannel(db: Database, mailer: Mailer, appUrl: string): ChannelSender {
  return async (delivery) => {
    const url = unsubscribeLink(appUrl, await unsubscribeToken(db, delivery.userId))
    await mailer.send(alarmMail(delivery, appUrl, url))
    return { state: 'sent' }
  }
}

/** The push channel, in the recipient's language: the push module's sender (null without push: every push delivery is skipped). */
export function pushChannel(db: Database, send: PushSender | null): ChannelSender {
  return async (delivery) => {
    if (!send) return { state: 'skipped', reason: 'no push subscriptions' }
    const delivered = await send(db, delivery.userId, {
      title: `${delivery.itemName}: ${alarmTitle(delivery.alarm, delivery.language)}`,
      body: alarmDescription(delivery.alarm, delivery.language),
      // A path of the app: the service worker opens only its own pages.
      url: `/dashboards?device=${delivery.itemId}`,
      tag: `alarm-${delivery.alarm.id}`,
    })
    return delivered > 0 ? { state: 'sent' } : { state: 'skipped', reason: 'no push subscriptions' }
  }
}
