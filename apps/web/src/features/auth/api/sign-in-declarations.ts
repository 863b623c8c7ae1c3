/**
 * The operations the sign-in screens call, fetched with the first call rather than with the page: declarations
 * carry their zod schemas, and the first visit to /login does without zod (its 250 kB budget, ADR 031).
 */
export async function signInDeclarations() {
  const [{ authOperations }, { passkeyOperations }] = await Promise.all([
    import('@teplo/domain/operations/auth'),
    import('@teplo/domain/operations/two-factor'),
  ])
  return { authOperations, passkeyOperations }
}
