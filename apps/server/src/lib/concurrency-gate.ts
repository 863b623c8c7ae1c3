import { msg } from '@teplo/domain'
import { HttpError } from './api-error.ts'

/**
 * At most `limit` tasks run at once; up to `queue` more wait their turn, and beyond that a task is refused with
 * 429 at once. Keeps costly work (password hashing) from piling up under attack.
 */
export class ConcurrencyGate {
  private running = 0
  private readonly waiting: (() => void)[] = []

  constructor(
    private readonly limit: number,
    private readonly queue: number,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) {
      if (this.waiting.length >= this.queue) {
        throw new HttpError(429, msg('server.load.signInsBusy'))
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve))
    } else {
      this.running++
    }
    try {
      return await task()
    } finally {
      // The slot passes straight to the next waiting task, or frees up.
      const next = this.waiting.shift()
      if (next) next()
      else this.running--
    }
  }
}
