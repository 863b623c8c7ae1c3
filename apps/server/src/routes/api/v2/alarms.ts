import {
  ALARM_STATES,
  alarmDocumentSchema,
  alarmListDocumentSchema,
  alarmSettingsDocumentSchema,
  alarmSettingsPatchSchema,
  noContentSchema,
  notificationDocumentSchema,
  notificationListDocumentSchema,
  notificationPatchSchema,
  notificationSettingsDocumentSchema,
  notificationSettingsPatchSchema,
  notificationsReadAllDocumentSchema,
} from '@teplo/domain'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { preferredLanguage } from '../../../lib/accept-language.ts'
import { invalidParameter } from '../../../lib/api-error.ts'
import { pageQuery } from '../../../lib/list-query.ts'
import { idParams, idSchema } from '../../../lib/params.ts'
import {
  ALARMS_PAGE_SIZE,
  acknowledgeAlarm,
  alarmSettingsDocument,
  listItemAlarms,
  updateAlarmSettings,
} from '../../../modules/alarms/alarms.service.ts'
import {
  notificationSettingsDocument,
  unsubscribeByToken,
  updateNotificationSettings,
} from '../../../modules/alarms/notification-settings.ts'
import {
  listNotifications,
  markAllRead,
  markNotification,
  NOTIFICATIONS_PAGE_SIZE,
} from '../../../modules/alarms/notifications.service.ts'
import {
  BAD_UNSUBSCRIBE_LINK_DETAIL,
  badUnsubscribeLinkPage,
  unsubscribedPage,
} from '../../../modules/alarms/unsubscribe-page.ts'
import { assertRangeOrder, rangeQueryShape } from '../../../modules/history/history-query.ts'
import { currentUser } from '../../../plugins/app/auth.ts'

const booleanParam = (name: string) =>
  z
    .enum(['true', 'false', '1', '0'], { message: `${name} має бути true або false` })
    .transform((value) => value === 'true' || value === '1')

const notificationsQuery = z.object({
  ...pageQuery(NOTIFICATIONS_PAGE_SIZE),
  'filter[unread]': booleanParam('filter[unread]').optional(),
})

const STATE_FILTERS = [...ALARM_STATES, 'open'] as const
const alarmsQuery = z.object({
  ...pageQuery(ALARMS_PAGE_SIZE),
  from: rangeQueryShape.from.optional(),
  to: rangeQueryShape.to.optional(),
  'filter[state]': z
    .enum(STATE_FILTERS, { message: `filter[state] має бути одним із: ${STATE_FILTERS.join(', ')}` })
    .optional(),
})

const alarmParams = z.object({ id: idSchema('id'), alarmId: idSchema('alarmId') })
const unsubscribeQuery = z.object({ token: z.string().max(200, { message: 'token задовгий' }) })

// A page, not an error document: the one who follows a link from an e-mail reads it (undocumented status: no
// response schema, so nothing serialises the page as JSON).
// A page for whoever follows the link in a browser; a JSON:API error document for any other client.
// No account is known from a bad link: the page follows the browser's Accept-Language.
const badLink = (request: FastifyRequest, reply: FastifyReply) => {
  if (!request.headers.accept?.includes('text/html'))
    throw invalidParameter('token', BAD_UNSUBSCRIBE_LINK_DETAIL)
  const language = preferredLanguage(request.headers['accept-language'])
  return reply.status(400).type('text/html; charset=utf-8').send(badUnsubscribeLinkPage(language))
}

const alarmRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/notifications',
    {
      schema: {
        tags: ['notifications'],
        summary: "The signed-in account's notifications, newest first; meta.unread counts the unread",
        querystring: notificationsQuery,
        response: { 200: notificationListDocumentSchema },
      },
      onRequest: app.authenticate,
    },
    async (request) =>
      listNotifications(
        app.db,
        currentUser(request).userId,
        request.query,
        request.query as Record<string, unknown>,
      ),
  )

  app.post(
    '/notifications/read-all',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Mark every notification of the account read',
        response: { 200: notificationsReadAllDocumentSchema },
      },
      onRequest: app.authenticate,
    },
    async (request) => markAllRead(app.db, app.events, currentUser(request).userId),
  )

  app.patch(
    '/notifications/:id',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Mark a notification read or unread (only your own; anyone else’s is 404)',
        params: idParams,
        body: notificationPatchSchema,
        response: { 200: notificationDocumentSchema },
      },
      onRequest: app.authenticate,
    },
    async (request) =>
      markNotification(app.db, app.events, currentUser(request).userId, request.params.id, request.body.read),
  )

  const unsubscribe = async (request: { query: { token: string } }) =>
    unsubscribeByToken(app.db, request.query.token)

  app.get(
    '/notifications/unsubscribe',
    {
      schema: {
        tags: ['notifications'],
        summary: 'One-click unsubscribe from alarm e-mails (the signed link in every e-mail; no sign-in)',
        querystring: unsubscribeQuery,
        description:
          "Answers a short HTML page in the account's language (a bad link: the Accept-Language's, Ukrainian by default): 200 when e-mail was turned off, 400 for a bad link (a JSON:API error document instead when the client does not accept text/html).",
        response: { 200: z.string().describe('text/html') },
      },
      config: { jsonApi: false },
    },
    async (request, reply) => {
      // The page is in the account's language.
      const language = await unsubscribe(request)
      if (language) return reply.type('text/html; charset=utf-8').send(unsubscribedPage(language))
      return badLink(request, reply)
    },
  )

  app.post(
    '/notifications/unsubscribe',
    {
      schema: {
        tags: ['notifications'],
        summary: 'One-click unsubscribe (RFC 8058 List-Unsubscribe-Post): the same signed token',
        querystring: unsubscribeQuery,
        description:
          '204 when e-mail was turned off; 400 for a bad link (an HTML page for a browser, else a JSON:API error document).',
        response: { 204: noContentSchema },
      },
      config: { jsonApi: false },
    },
    async (request, reply) => {
      if (await unsubscribe(request)) return reply.status(204).send(null)
      return badLink(request, reply)
    },
  )

  app.get(
    '/me/notification-settings',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Which alarm kinds and channels notify the account, and its quiet hours (Kyiv time)',
        response: { 200: notificationSettingsDocumentSchema },
      },
      onRequest: app.authenticate,
    },
    async (request) => notificationSettingsDocument(app.db, currentUser(request).userId),
  )

  app.patch(
    '/me/notification-settings',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Change notification preferences; what is not sent stays',
        body: notificationSettingsPatchSchema,
        response: { 200: notificationSettingsDocumentSchema },
      },
      onRequest: app.authenticate,
    },
    async (request) => updateNotificationSettings(app.db, currentUser(request).userId, request.body),
  )

  app.get(
    '/items/:id/alarms',
    {
      schema: {
        tags: ['alarms'],
        summary: 'Alarms of a device, newest first: raised within from–to, by state',
        params: idParams,
        querystring: alarmsQuery,
        response: { 200: alarmListDocumentSchema },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const { from, to } = request.query
      if (from && to) assertRangeOrder(from, to)
      return listItemAlarms(
        app.db,
        currentUser(request),
        request.params.id,
        request.query,
        request.query as Record<string, unknown>,
      )
    },
  )

  app.post(
    '/items/:id/alarms/:alarmId/acknowledge',
    {
      schema: {
        tags: ['alarms'],
        summary: 'Acknowledge an alarm (who and when are kept; the first acknowledgement stays)',
        params: alarmParams,
        response: { 200: alarmDocumentSchema },
      },
      onRequest: app.authenticate,
    },
    async (request) =>
      acknowledgeAlarm(app.db, app.events, currentUser(request), request.params.id, request.params.alarmId),
  )

  app.get(
    '/items/:id/alarm-settings',
    {
      schema: {
        tags: ['alarms'],
        summary: "A device's alarm thresholds (silence, overheat, frost, days of fuel)",
        params: idParams,
        response: { 200: alarmSettingsDocumentSchema },
      },
      onRequest: app.authenticate,
    },
    async (request) => alarmSettingsDocument(app.db, currentUser(request), request.params.id),
  )

  app.patch(
    '/items/:id/alarm-settings',
    {
      schema: {
        tags: ['alarms'],
        summary: "Change a device's alarm thresholds; what is not sent stays",
        params: idParams,
        body: alarmSettingsPatchSchema,
        response: { 200: alarmSettingsDocumentSchema },
      },
      onRequest: app.authenticate,
      preValidation: app.requireItemAccess('operate'),
    },
    async (request) =>
      updateAlarmSettings(app.db, app.events, currentUser(request), request.params.id, request.body),
  )
}

export default alarmRoutes
