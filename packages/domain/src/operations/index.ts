import { categoryOperations } from './categories'
import { helpOperations } from './help'
import type { Operation } from './operation'
import { accountEmailOperations, profileOperations } from './profile'
import { pushOperations } from './push'
import { roleOperations, tagOperations } from './roles-and-tags'
import { setupOperations } from './setup'
import { uploadOperations } from './uploads'
import { userOperations } from './users'

export { CATEGORY_SORTS } from './categories'
export * from './operation'
export * from './parameters'
export { ROLE_SORTS, TAG_SORTS } from './roles-and-tags'
export { USER_SORTS } from './users'

/** The operations declared so far, by operationId (ADR 054). */
export const operations = {
  ...categoryOperations,
  ...roleOperations,
  ...tagOperations,
  ...profileOperations,
  ...accountEmailOperations,
  ...pushOperations,
  ...uploadOperations,
  ...helpOperations,
  ...setupOperations,
  ...userOperations,
} as const

/** Every declared operation, for the server's registration and the documents' checks. */
export const OPERATIONS: readonly Operation[] = Object.values(operations)
