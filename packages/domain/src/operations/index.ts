import { alarmOperations, notificationOperations } from './alarms'
import { apiTokenOperations } from './api-tokens'
import { authOperations } from './auth'
import { categoryOperations } from './categories'
import { energyOperations } from './energy'
import { firmwareOperations } from './firmware'
import { fleetOperations } from './fleet'
import { helpOperations } from './help'
import { historyOperations } from './history'
import { homeAssistantOperations } from './home-assistant'
import { installationOperations } from './installation'
import { itemErrorOperations } from './item-errors'
import { itemOperations, provisioningOperations } from './items'
import { liveOperations } from './live'
import { maintenanceOperations } from './maintenance'
import type { Operation } from './operation'
import { passwordResetOperations } from './password-reset'
import { pelletOperations } from './pellets'
import { accountEmailOperations, profileOperations } from './profile'
import { pushOperations } from './push'
import { roleOperations, tagOperations } from './roles-and-tags'
import { scheduleOperations, serviceSettingsOperations } from './schedule'
import { sessionOperations } from './sessions'
import { setupOperations } from './setup'
import { sharingOperations } from './sharing'
import { passkeyOperations, twoFactorOperations } from './two-factor'
import { uploadOperations } from './uploads'
import { userOperations } from './users'
import { webhookOperations } from './webhooks'

export { ALARMS_PAGE_SIZE, NOTIFICATIONS_PAGE_SIZE } from './alarms'
export { optionalBody } from './bodies'
export { CATEGORY_SORTS } from './categories'
export { ROLLOUTS_PAGE_SIZE } from './firmware'
export { FLEET_PAGE_SIZE } from './fleet'
export { rangeQueryShape } from './history'
export { ITEM_ERRORS_PAGE_SIZE } from './item-errors'
export { ITEM_BATCHES_PER_HOUR, ITEM_SORTS } from './items'
export { LIVE_TICKET_TTL_SECONDS } from './live'
export * from './operation'
export * from './parameters'
export { PELLET_DELIVERIES_PAGE_SIZE } from './pellets'
export { ROLE_SORTS, TAG_SORTS } from './roles-and-tags'
export { AUDIT_PAGE_SIZE } from './sharing'
export { USER_SORTS } from './users'
export { WEBHOOK_DELIVERIES_PAGE_SIZE } from './webhooks'

// Each feature's operations on their own: the web imports these, so a screen's bundle holds the declarations it
// calls and not all of them (the domain is side-effect free for the bundler).
export {
  accountEmailOperations,
  alarmOperations,
  apiTokenOperations,
  authOperations,
  categoryOperations,
  energyOperations,
  firmwareOperations,
  fleetOperations,
  helpOperations,
  historyOperations,
  homeAssistantOperations,
  installationOperations,
  itemErrorOperations,
  itemOperations,
  liveOperations,
  maintenanceOperations,
  notificationOperations,
  passkeyOperations,
  passwordResetOperations,
  pelletOperations,
  profileOperations,
  provisioningOperations,
  pushOperations,
  roleOperations,
  scheduleOperations,
  serviceSettingsOperations,
  sessionOperations,
  setupOperations,
  sharingOperations,
  tagOperations,
  twoFactorOperations,
  uploadOperations,
  userOperations,
  webhookOperations,
}

/** Every operation, by operationId (ADR 054). */
export const operations = {
  ...categoryOperations,
  ...roleOperations,
  ...tagOperations,
  ...profileOperations,
  ...accountEmailOperations,
  ...pushOperations,
  ...webhookOperations,
  ...homeAssistantOperations,
  ...uploadOperations,
  ...helpOperations,
  ...setupOperations,
  ...userOperations,
  ...notificationOperations,
  ...alarmOperations,
  ...sharingOperations,
  ...fleetOperations,
  ...firmwareOperations,
  ...liveOperations,
  ...itemOperations,
  ...provisioningOperations,
  ...itemErrorOperations,
  ...scheduleOperations,
  ...serviceSettingsOperations,
  ...historyOperations,
  ...pelletOperations,
  ...energyOperations,
  ...maintenanceOperations,
  ...installationOperations,
  ...authOperations,
  ...sessionOperations,
  ...apiTokenOperations,
  ...twoFactorOperations,
  ...passkeyOperations,
  ...passwordResetOperations,
} as const

/** Every declared operation, for the server's registration and the documents' checks. */
export const OPERATIONS: readonly Operation[] = Object.values(operations)
