import type { GeneratedHistory, HistoryScenario } from '@teplo/simulator'

/** Asked of the demo history thread: begin a boiler's past, or the next day of the one begun. */
export type HistoryThreadRequest =
  | { type: 'begin'; scenario: Omit<HistoryScenario, 'from' | 'to'> & { from: number; to: number } }
  | { type: 'next' }

/** One generated day: its readings already as the JSON text the database reads, the rest as they are. */
export type HistoryDay = Omit<GeneratedHistory, 'readings'> & { readingsJson: string; readingCount: number }

export type HistoryThreadReply =
  | { type: 'day'; day: HistoryDay }
  | { type: 'end' }
  | { type: 'failed'; message: string }
