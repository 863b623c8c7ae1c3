import { EventEmitter } from 'node:events'
import type { AccessLevel, Language } from '@teplo/domain'

/** A person whose access to a device ended because it changed hands (ADR 033). */
export type RemovedAccess = {
  userId: number
  name: string
  email: string
  language: Language
  /** What they had: `owner` for the previous holder, else their share's level. */
  access: AccessLevel
}

// In-process domain events: modules announce changes, the device link and the live hub react to them.
export type AppEvents = {
  // A dashboard setting or the on/off switch changed: push the desired state to the device.
  'item.settings-changed': [{ itemId: number }]
  // Any change of an item's stored state (settings, telemetry, status, sync): tell browsers showing it.
  'item.updated': [{ itemId: number }]
  'item.deleted': [{ itemId: number; serialNumber: string }]
  // An item entered or left the archive: its device loses or regains the link.
  'item.archive-changed': [{ itemId: number; serialNumber: string; archived: boolean }]
  // A device proved its verification code and received link credentials.
  'item.verified': [{ itemId: number; serialNumber: string }]
  // A device changed hands and these people lost their access to it (announced with `item.updated`, after the
  // commit): each is told by e-mail.
  'item.handed-over': [{ itemId: number; itemName: string; removed: RemovedAccess[] }]
  'item-error.created': [{ itemId: number; itemErrorId: number }]
  // A device type was renamed or removed: lists that include it are read again. Passed to the other instances by
  // the cluster bridge.
  'category.changed': [{ categoryId: number }]
  // An account's access changed (sign-out, new password, password reset, roles, deletion): tokens remembered
  // for it must be read again. Passed to the other instances by the cluster bridge.
  'user.access-changed': [{ userId: number }]
  // An account's in-app notifications changed (a new one, some read, or their alarm acknowledged or cleared): its
  // bell and list. Passed to the other instances by the cluster bridge.
  'notifications.changed': [{ userId: number }]
  // An alarm of a device was raised, acknowledged or cleared (announced by the instance that changed it).
  'alarm.changed': [{ itemId: number; alarmId: number; change: 'raised' | 'acknowledged' | 'cleared' }]
  // A device came back (its first message after 'connecting') or went away (its goodbye, or silence), announced
  // by the instance whose statement changed its status: webhooks.
  'device.presence-changed': [{ itemId: number; online: boolean }]
  // A controller acknowledged the desired settings of `version`: applied, or refused (with its reason, a stored
  // message). Announced by the instance that stored the acknowledgement: webhooks.
  'settings.acknowledged': [
    { itemId: number; version: number; outcome: 'applied' | 'refused'; reason: string | null },
  ]
  // An account's Home Assistant connection was saved or removed: the instance holding it connects again or stops.
  'home-assistant.changed': [{ userId: number }]
  // A firmware rollout started or sent its next stage: its devices are sent ota/desired.
  'firmware.rollout-changed': [{ rolloutId: number }]
}

export type AppEventBus = EventEmitter<AppEvents>

/** Other instances' device changes, as the cluster bridge hears them: never re-announced on app.events. */
export type RemoteChanges = EventEmitter<{
  'item.updated': [{ itemId: number }]
  'item.deleted': [{ itemId: number }]
}>

export function createEventBus(): AppEventBus {
  const bus = new EventEmitter<AppEvents>()
  // Many SSE clients may listen to one bus.
  bus.setMaxListeners(0)
  return bus
}
