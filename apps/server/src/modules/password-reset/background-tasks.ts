import type { FastifyBaseLogger } from 'fastify'

// Work done after the answer has gone out; tracked so that shutdown waits for it instead of cutting it off.
export class BackgroundTasks {
  private readonly pending = new Set<Promise<void>>()

  constructor(private readonly log: FastifyBaseLogger) {}

  run(name: string, task: () => Promise<unknown>): void {
    const promise = task()
      .then(() => undefined)
      .catch((err: unknown) => this.log.error({ err, task: name }, 'background task failed'))
      .finally(() => this.pending.delete(promise))
    this.pending.add(promise)
  }

  async drain(): Promise<void> {
    while (this.pending.size > 0) await Promise.all(this.pending)
  }
}
