import { HISTORY_MAX_POINTS, HISTORY_RAW_MAX_HOURS, type HistoryResolution, msg } from '@teplo/domain'
import { invalidParameter } from '../../lib/api-error.ts'

// The range's shape, for the routes not yet declared (the alarms' history).
export { rangeQueryShape } from '@teplo/domain'

// The query parameters of the history and consumption operations (their shapes are declared with the
// operations in @teplo/domain), checked beyond their shape: each problem is a 400 naming its parameter.

export const RESOLUTION_MS: Record<HistoryResolution, number> = {
  raw: 10_000,
  '1m': 60_000,
  '15m': 900_000,
  '1h': 3_600_000,
  '1d': 86_400_000,
}

/** Beyond this many buckets an explicit resolution is refused (auto never asks for more than 2,000). */
export const MAX_BUCKETS = 20_000

export function assertRangeOrder(from: Date, to: Date): void {
  if (from.getTime() >= to.getTime()) throw invalidParameter('from', msg('server.history.fromBeforeTo'))
}

/**
 * The resolution to answer with: `auto` is the finest whose buckets number at most HISTORY_MAX_POINTS; an
 * explicit one is refused when the range is too long for it.
 */
export function chooseResolution(from: Date, to: Date, asked: HistoryResolution | 'auto'): HistoryResolution {
  const span = to.getTime() - from.getTime()
  if (asked === 'auto') {
    const fits = (['raw', '1m', '15m', '1h', '1d'] as const).find(
      (resolution) =>
        span / RESOLUTION_MS[resolution] <= HISTORY_MAX_POINTS &&
        (resolution !== 'raw' || span <= HISTORY_RAW_MAX_HOURS * 3_600_000),
    )
    return fits ?? '1d'
  }
  if (asked === 'raw' && span > HISTORY_RAW_MAX_HOURS * 3_600_000) {
    throw invalidParameter(
      'resolution',
      `raw readings can be asked for at most ${HISTORY_RAW_MAX_HOURS} hours at a time`,
    )
  }
  if (span / RESOLUTION_MS[asked] > MAX_BUCKETS) {
    throw invalidParameter(
      'resolution',
      `the range is too long for resolution ${asked}: at most ${MAX_BUCKETS} buckets`,
    )
  }
  return asked
}
