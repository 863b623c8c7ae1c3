import { categoryOperations } from './categories'
import type { Operation } from './operation'

export { CATEGORY_SORTS } from './categories'
export * from './operation'
export * from './parameters'

/** The operations declared so far, by operationId (ADR 054). */
export const operations = {
  ...categoryOperations,
} as const

/** Every declared operation, for the server's registration and the documents' checks. */
export const OPERATIONS: readonly Operation[] = Object.values(operations)
