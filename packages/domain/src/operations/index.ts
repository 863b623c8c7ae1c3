import { categoryOperations } from './categories'
import { historyOperations } from './history'
import { itemErrorOperations } from './item-errors'
import { itemOperations, provisioningOperations } from './items'
import type { Operation } from './operation'
import { roleOperations, tagOperations } from './roles-and-tags'
import { scheduleOperations, serviceSettingsOperations } from './schedule'

export { CATEGORY_SORTS } from './categories'
export { rangeQueryShape } from './history'
export { ITEM_ERRORS_PAGE_SIZE } from './item-errors'
export { ITEM_BATCHES_PER_HOUR, ITEM_SORTS } from './items'
export * from './operation'
export * from './parameters'
export { ROLE_SORTS, TAG_SORTS } from './roles-and-tags'

/** The operations declared so far, by operationId (ADR 054). */
export const operations = {
  ...categoryOperations,
  ...roleOperations,
  ...tagOperations,
  ...itemOperations,
  ...provisioningOperations,
  ...itemErrorOperations,
  ...scheduleOperations,
  ...serviceSettingsOperations,
  ...historyOperations,
} as const

/** Every declared operation, for the server's registration and the documents' checks. */
export const OPERATIONS: readonly Operation[] = Object.values(operations)
