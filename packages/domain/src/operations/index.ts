import { authOperations } from './auth'
import { categoryOperations } from './categories'
import type { Operation } from './operation'
import { passwordResetOperations } from './password-reset'
import { roleOperations, tagOperations } from './roles-and-tags'
import { sessionOperations } from './sessions'
import { passkeyOperations, twoFactorOperations } from './two-factor'

export { optionalBody } from './bodies'
export { CATEGORY_SORTS } from './categories'
export * from './operation'
export * from './parameters'
export { ROLE_SORTS, TAG_SORTS } from './roles-and-tags'

/** The operations declared so far, by operationId (ADR 054). */
export const operations = {
  ...categoryOperations,
  ...roleOperations,
  ...tagOperations,
  ...authOperations,
  ...sessionOperations,
  ...twoFactorOperations,
  ...passkeyOperations,
  ...passwordResetOperations,
} as const

/** Every declared operation, for the server's registration and the documents' checks. */
export const OPERATIONS: readonly Operation[] = Object.values(operations)
