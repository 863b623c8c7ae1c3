import { operations } from '@teplo/domain'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { preferredLanguage } from '../../lib/accept-language.ts'
import { invalidParameter } from '../../lib/api-error.ts'
import { addOperation } from '../../lib/operation-route.ts'
import { currentUser } from '../../plugins/app/auth.ts'
import { assertRangeOrder } from '../history/history-query.ts'
import {
  acknowledgeAlarm,
  alarmSettingsDocument,
  listItemAlarms,
  updateAlarmSettings,
} from './alarms.service.ts'
import {
  notificationSettingsDocument,
  unsubscribeByToken,
  updateNotificationSettings,
} from './notification-settings.ts'
import { listNotifications, markAllRead, markNotification } from './notifications.service.ts'
import { BAD_UNSUBSCRIBE_LINK_DETAIL, badUnsubscribeLinkPage, unsubscribedPage } from './unsubscribe-page.ts'

// A page for whoever follows the link in a browser (undocumented status: no response schema, so nothing
// serialises the page as JSON); a JSON:API error document for any other client.
// No account is known from a bad link: the page follows the browser's Accept-Language.
const badLink = (request: FastifyRequest, reply: FastifyReply) => {
  if (!request.headers.accept?.includes('text/html'))
    throw invalidParameter('token', BAD_UNSUBSCRIBE_LINK_DETAIL)
  const language = preferredLanguage(request.headers['accept-language'])
  return reply.status(400).type('text/html; charset=utf-8').send(badUnsubscribeLinkPage(language))
}

/** Notifications, notification settings, the alarm e-mails' unsubscribe, a device's alarms and thresholds. */
export async function alarmsRoutes(app: FastifyInstance): Promise<void> {
  const o = operations

  addOperation(app, o.listNotifications, async (request) =>
    listNotifications(
      app.db,
      currentUser(request).userId,
      request.query,
      request.query as Record<string, unknown>,
    ),
  )

  addOperation(app, o.markAllNotificationsRead, async (request) =>
    markAllRead(app.db, app.events, currentUser(request).userId),
  )

  addOperation(app, o.updateNotification, async (request) =>
    markNotification(app.db, app.events, currentUser(request).userId, request.params.id, request.body.read),
  )

  addOperation(app, o.unsubscribeFromAlarmEmails, async (request, reply) => {
    // The page is in the account's language.
    const language = await unsubscribeByToken(app.db, request.query.token)
    if (language) return reply.type('text/html; charset=utf-8').send(unsubscribedPage(language))
    return badLink(request, reply)
  })

  addOperation(app, o.confirmUnsubscribeFromAlarmEmails, async (request, reply) => {
    if (await unsubscribeByToken(app.db, request.query.token)) return undefined
    return badLink(request, reply)
  })

  addOperation(app, o.getNotificationSettings, async (request) =>
    notificationSettingsDocument(app.db, currentUser(request).userId),
  )

  addOperation(app, o.updateNotificationSettings, async (request) =>
    updateNotificationSettings(app.db, currentUser(request).userId, request.body),
  )

  addOperation(app, o.listItemAlarms, async (request) => {
    const { from, to } = request.query
    if (from && to) assertRangeOrder(from, to)
    return listItemAlarms(
      app.db,
      currentUser(request),
      request.params.id,
      request.query,
      request.query as Record<string, unknown>,
    )
  })

  addOperation(app, o.acknowledgeAlarm, async (request) =>
    acknowledgeAlarm(app.db, app.events, currentUser(request), request.params.id, request.params.alarmId),
  )

  addOperation(app, o.getAlarmSettings, async (request) =>
    alarmSettingsDocument(app.db, currentUser(request), request.params.id),
  )

  addOperation(app, o.updateAlarmSettings, async (request) =>
    updateAlarmSettings(app.db, app.events, currentUser(request), request.params.id, request.body),
  )
}
