import { z } from 'zod'
import { ALARM_STATES } from '../alarms'
import { msg } from '../i18n/message'
import {
  alarmDocumentSchema,
  alarmListDocumentSchema,
  alarmSettingsDocumentSchema,
  notificationDocumentSchema,
  notificationListDocumentSchema,
  notificationSettingsDocumentSchema,
  notificationsReadAllDocumentSchema,
} from '../resources/alarms'
import { noContentSchema } from '../resources/document'
import {
  alarmSettingsPatchSchema,
  notificationPatchSchema,
  notificationSettingsPatchSchema,
} from '../schemas/alarms'
import { defineOperation, itemAccess, PUBLIC, SIGNED_IN } from './operation'
import { idParams, idSchema, instantParam, pageQuery } from './parameters'

export const NOTIFICATIONS_PAGE_SIZE = 20
export const ALARMS_PAGE_SIZE = 50

const booleanParam = (name: string) =>
  z
    .enum(['true', 'false', '1', '0'], { message: msg('validation.query.booleanFlag', { name }) })
    .transform((value) => value === 'true' || value === '1')

const notificationsQuery = z.object({
  ...pageQuery(NOTIFICATIONS_PAGE_SIZE),
  'filter[unread]': booleanParam('filter[unread]').optional(),
})

const STATE_FILTERS = [...ALARM_STATES, 'open'] as const
const alarmsQuery = z.object({
  ...pageQuery(ALARMS_PAGE_SIZE),
  from: instantParam('from').optional(),
  to: instantParam('to').optional(),
  'filter[state]': z
    .enum(STATE_FILTERS, {
      message: msg('validation.query.stateFilter', { values: STATE_FILTERS.join(', ') }),
    })
    .optional(),
})

const alarmParams = z.object({ id: idSchema('id'), alarmId: idSchema('alarmId') })
const unsubscribeQuery = z.object({
  token: z.string().max(200, { message: msg('validation.query.tokenTooLong') }),
})

// The account's notifications (the bell), its notification preferences, the one-click unsubscribe of the
// alarm e-mails, and a device's alarms and their thresholds (ADR 023).
export const notificationOperations = {
  listNotifications: defineOperation({
    id: 'listNotifications',
    method: 'GET',
    path: '/notifications',
    tag: 'notifications',
    summary: "The signed-in account's notifications, newest first; meta.unread counts the unread",
    access: SIGNED_IN,
    query: notificationsQuery,
    status: 200,
    response: notificationListDocumentSchema,
  }),
  markAllNotificationsRead: defineOperation({
    id: 'markAllNotificationsRead',
    method: 'POST',
    path: '/notifications/read-all',
    tag: 'notifications',
    summary: 'Mark every notification of the account read',
    access: SIGNED_IN,
    status: 200,
    response: notificationsReadAllDocumentSchema,
  }),
  updateNotification: defineOperation({
    id: 'updateNotification',
    method: 'PATCH',
    path: '/notifications/{id}',
    tag: 'notifications',
    summary: 'Mark a notification read or unread (only your own; anyone else’s is 404)',
    access: SIGNED_IN,
    type: 'notifications',
    params: idParams,
    body: notificationPatchSchema,
    status: 200,
    response: notificationDocumentSchema,
  }),
  // A page, not a document: the one who follows a link from an e-mail reads it.
  unsubscribeFromAlarmEmails: defineOperation({
    id: 'unsubscribeFromAlarmEmails',
    method: 'GET',
    path: '/notifications/unsubscribe',
    tag: 'notifications',
    summary: 'One-click unsubscribe from alarm e-mails (the signed link in every e-mail; no sign-in)',
    description:
      "Answers a short HTML page in the account's language (a bad link: the Accept-Language's, Ukrainian by default): 200 when e-mail was turned off, 400 for a bad link (a JSON:API error document instead when the client does not accept text/html).",
    access: PUBLIC,
    jsonApi: false,
    query: unsubscribeQuery,
    status: 200,
    response: z.string().describe('text/html'),
  }),
  confirmUnsubscribeFromAlarmEmails: defineOperation({
    id: 'confirmUnsubscribeFromAlarmEmails',
    method: 'POST',
    path: '/notifications/unsubscribe',
    tag: 'notifications',
    summary: 'One-click unsubscribe (RFC 8058 List-Unsubscribe-Post): the same signed token',
    description:
      '204 when e-mail was turned off; 400 for a bad link (an HTML page for a browser, else a JSON:API error document).',
    access: PUBLIC,
    jsonApi: false,
    query: unsubscribeQuery,
    status: 204,
    response: noContentSchema,
  }),
  getNotificationSettings: defineOperation({
    id: 'getNotificationSettings',
    method: 'GET',
    path: '/me/notification-settings',
    tag: 'notifications',
    summary: 'Which alarm kinds and channels notify the account, and its quiet hours (Kyiv time)',
    access: SIGNED_IN,
    status: 200,
    response: notificationSettingsDocumentSchema,
  }),
  updateNotificationSettings: defineOperation({
    id: 'updateNotificationSettings',
    method: 'PATCH',
    path: '/me/notification-settings',
    tag: 'notifications',
    summary: 'Change notification preferences; what is not sent stays',
    access: SIGNED_IN,
    type: 'notification-settings',
    body: notificationSettingsPatchSchema,
    status: 200,
    response: notificationSettingsDocumentSchema,
  }),
}

export const alarmOperations = {
  // Signed in only: the service answers 404 for a device the caller cannot see (every level may read alarms).
  listItemAlarms: defineOperation({
    id: 'listItemAlarms',
    method: 'GET',
    path: '/items/{id}/alarms',
    tag: 'alarms',
    summary: 'Alarms of a device, newest first: raised within from–to, by state',
    access: SIGNED_IN,
    token: 'read',
    params: idParams,
    query: alarmsQuery,
    status: 200,
    response: alarmListDocumentSchema,
  }),
  acknowledgeAlarm: defineOperation({
    id: 'acknowledgeAlarm',
    method: 'POST',
    path: '/items/{id}/alarms/{alarmId}/acknowledge',
    tag: 'alarms',
    summary: 'Acknowledge an alarm (who and when are kept; the first acknowledgement stays)',
    access: SIGNED_IN,
    params: alarmParams,
    status: 200,
    response: alarmDocumentSchema,
  }),
  getAlarmSettings: defineOperation({
    id: 'getAlarmSettings',
    method: 'GET',
    path: '/items/{id}/alarm-settings',
    tag: 'alarms',
    summary: "A device's alarm thresholds (silence, overheat, frost, days of fuel)",
    access: SIGNED_IN,
    params: idParams,
    status: 200,
    response: alarmSettingsDocumentSchema,
  }),
  updateAlarmSettings: defineOperation({
    id: 'updateAlarmSettings',
    method: 'PATCH',
    path: '/items/{id}/alarm-settings',
    tag: 'alarms',
    summary: "Change a device's alarm thresholds; what is not sent stays",
    access: itemAccess('operate'),
    type: 'alarm-settings',
    params: idParams,
    body: alarmSettingsPatchSchema,
    status: 200,
    response: alarmSettingsDocumentSchema,
  }),
}
