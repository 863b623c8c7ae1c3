import type { FastifyBaseLogger } from 'fastify'

const WINDOW_MS = 10_000
const MAX_KEYS = 10_000

/**
 * Logs every kind of dropped message with its reason, but at most once per device (or topic) every 10 s, so a
 * misbehaving controller cannot flood the log; the count of the ones not logged goes with the next line.
 */
export class DropLog {
  private readonly last = new Map<string, { at: number; suppressed: number }>()

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number = Date.now,
  ) {}

  note(topic: string, serial: string | undefined, reason: string): void {
    const key = serial ?? topic
    const now = this.now()
    const entry = this.last.get(key)
    if (entry && now - entry.at < WINDOW_MS) {
      entry.suppressed += 1
      return
    }
    if (this.last.size >= MAX_KEYS) this.last.clear()
    this.last.set(key, { at: now, suppressed: 0 })
    this.log.warn(
      { topic: topic.slice(0, 200), serial, reason, suppressed: entry?.suppressed ?? 0 },
      'device link: message dropped',
    )
  }
}
