// Drizzle wraps the driver's error in `cause`; PostgreSQL names the failure by SQLSTATE.
function hasSqlState(error: unknown, code: string): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === code) return true
  }
  return false
}

export const isUniqueViolation = (error: unknown) => hasSqlState(error, '23505')
export const isForeignKeyViolation = (error: unknown) => hasSqlState(error, '23503')
