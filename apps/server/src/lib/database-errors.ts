// Drizzle wraps the driver's error in `cause`; PostgreSQL names the failure by SQLSTATE.
function hasSqlState(error: unknown, code: string): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === code) return true
  }
  return false
}

export const isUniqueViolation = (error: unknown) => hasSqlState(error, '23505')
export const isForeignKeyViolation = (error: unknown) => hasSqlState(error, '23503')
export const isDeadlock = (error: unknown) => hasSqlState(error, '40P01')

// SQLSTATE classes and codes that say "the database cannot serve now", not "this statement is wrong":
// connection exceptions (08), too many connections / out of resources (53), shutdown and recovery (57P01–57P04),
// serialisation failures and deadlocks (40001, 40P01).
const UNAVAILABLE_STATES = /^(08|53|57P0[1-4]$|40001$|40P01$)/
// Node and pg's own words for a connection that failed or went away.
const UNAVAILABLE_NODE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
])
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'connection timeout',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Cannot use a pool after calling end',
  'the database system is',
]

/**
 * The database is unreachable or refusing work for now (stopped, restarting, out of connections): a request
 * gets 503 with Retry-After and the ingest retries the batch, instead of a 500 or a dropped message.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, message } = e as { code?: unknown; message?: unknown }
    if (typeof code === 'string' && (UNAVAILABLE_STATES.test(code) || UNAVAILABLE_NODE_CODES.has(code)))
      return true
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => message.includes(m))) return true
    if (e instanceof AggregateError && e.errors.some((inner) => isDatabaseUnavailable(inner))) return true
  }
  return false
}
