import { AsyncLocalStorage } from 'node:async_hooks'

const heavy = new AsyncLocalStorage<true>()

/**
 * Runs `task` with its statements marked heavy (reads over months of rows). On the embedded database, with one
 * connection, a statement waiting to run goes before the heavy ones waiting (ADR 039): another account's
 * `GET /me` waits for the statement running, not for every heavy read queued.
 */
export function runHeavy<T>(task: () => Promise<T>): Promise<T> {
  return heavy.run(true, task)
}

/** Whether the caller runs inside `runHeavy`. */
export function isHeavy(): boolean {
  return heavy.getStore() === true
}
