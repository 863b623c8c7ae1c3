/** Waits between the tries of a failed chunk load: a dropped connection often comes back within a second. */
export const IMPORT_RETRY_DELAYS_MS = [400, 1200] as const

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Runs a lazy import again after a failure, then gives up with the last error (an error boundary shows it
 * inside the shell with a reload button).
 */
export async function retryImport<T>(
  load: () => Promise<T>,
  delays: readonly number[] = IMPORT_RETRY_DELAYS_MS,
): Promise<T> {
  for (const delay of delays) {
    try {
      return await load()
    } catch {
      await wait(delay)
    }
  }
  return load()
}

/** A failed lazy import means a new deployment or a lost connection; a reload fetches the current chunks. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  // A loader may wrap the browser's error; its cause says what happened.
  return (
    /dynamically imported module|module script|Loading chunk/i.test(error.message) ||
    isChunkLoadError(error.cause)
  )
}
