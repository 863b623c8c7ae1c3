import { HISTORY_METRICS, type HistoryMetric } from '@teplo/domain'
import { toKyivWallClock } from './ranges'

// The metrics come from the contract, in the order of the chart's legend.
export { HISTORY_METRICS, type HistoryMetric }

export interface Stat {
  min: number
  avg: number
  max: number
}

/** One bucket of the history, with instants as epoch milliseconds. */
export interface Bucket {
  time: number
  samples: number
  values: Partial<Record<HistoryMetric, Stat | null>>
  workMode: number | null
  isOn: boolean | null
}

export interface Gap {
  from: number
  to: number
}

export type HistoryEventKind = 'on' | 'off' | 'settings' | 'error'

export interface HistoryEvent {
  time: number
  kind: HistoryEventKind
  /** The controller's error code of an `error` event. */
  code: string | null
  /** The settings a `settings` event changed, with their new values. */
  settings: Record<string, number | boolean | string> | null
}

/** The history of one device over one range, as the chart and the CSV export read it. */
export interface HistoryData {
  from: number
  to: number
  /** Bucket width in ms; 0 for raw readings. */
  bucketMs: number
  /** Simulated history of a demo boiler. */
  demo: boolean
  /** The demo boiler's simulated past is still being written: the range is read again until it is done. */
  demoFilling: boolean
  buckets: Bucket[]
  gaps: Gap[]
  events: HistoryEvent[]
}

/** A point of a line: [Kyiv wall-clock ms, value]; a null value breaks the line. */
export type LinePoint = [number, number | null]

/**
 * The line of one metric: each bucket's average, broken (a null point) inside every period without connection
 * and wherever two neighbouring buckets are further apart than the data allows, so nothing is interpolated
 * across a gap.
 */
export function metricLine(data: HistoryData, metric: HistoryMetric): LinePoint[] {
  const points: LinePoint[] = []
  const breaks = breakInstants(data)
  let next = 0
  let previous: number | null = null
  for (const bucket of data.buckets) {
    while (next < breaks.length && breaks[next]! <= bucket.time) {
      const at = breaks[next]!
      if (previous !== null && at >= previous)
        points.push([toKyivWallClock(Math.max(at, previous + 1)), null])
      next++
    }
    if (previous !== null && tooFarApart(data, previous, bucket.time)) {
      points.push([toKyivWallClock(previous + 1), null])
    }
    const stat = bucket.values[metric]
    points.push([toKyivWallClock(bucket.time), stat ? stat.avg : null])
    previous = bucket.time
  }
  return points
}

function breakInstants(data: HistoryData): number[] {
  return data.gaps.map((gap) => gap.from).sort((a, b) => a - b)
}

// Raw readings come about every 10 s; buckets every bucketMs. Further apart than this is missing data.
const RAW_SPACING_LIMIT_MS = 5 * 60_000

function tooFarApart(data: HistoryData, previous: number, time: number): boolean {
  const limit = data.bucketMs > 0 ? data.bucketMs * 2.5 : RAW_SPACING_LIMIT_MS
  return time - previous > limit
}

/** A stretch of one work mode: [start, end, mode] in Kyiv wall-clock ms. */
export type ModeSpan = [number, number, number]

/**
 * Work mode as a band: neighbouring buckets in the same mode merge into one span; a span ends at the next
 * bucket or, before a gap, at the end of its own bucket.
 */
export function modeSpans(data: HistoryData): ModeSpan[] {
  const spans: ModeSpan[] = []
  const width = data.bucketMs > 0 ? data.bucketMs : 10_000
  data.buckets.forEach((bucket, index) => {
    if (bucket.workMode == null) return
    const following = data.buckets[index + 1]
    const ownEnd = bucket.time + width
    const end =
      following &&
      !tooFarApart(data, bucket.time, following.time) &&
      !gapBetween(data, bucket.time, following.time)
        ? following.time
        : Math.min(ownEnd, data.to)
    const last = spans[spans.length - 1]
    const start = toKyivWallClock(bucket.time)
    if (last && last[2] === bucket.workMode && last[1] === start) last[1] = toKyivWallClock(end)
    else spans.push([start, toKyivWallClock(end), bucket.workMode])
  })
  return spans
}

function gapBetween(data: HistoryData, from: number, to: number): boolean {
  return data.gaps.some((gap) => gap.from >= from && gap.from < to)
}

/** Work modes grouped by what the burner is doing, each group with one colour in the band. */
export type ModeGroup = 'burning' | 'starting' | 'stopping' | 'idle' | 'setup'

const MODE_GROUPS: Record<number, ModeGroup> = {
  0: 'setup',
  1: 'idle',
  2: 'idle',
  3: 'stopping',
  4: 'stopping',
  5: 'burning',
  6: 'burning',
  7: 'burning',
  8: 'starting',
  9: 'starting',
  10: 'burning',
  11: 'starting',
  12: 'idle',
  13: 'idle',
  14: 'idle',
  15: 'stopping',
  16: 'idle',
  17: 'stopping',
}

export function modeGroup(mode: number): ModeGroup {
  return MODE_GROUPS[mode] ?? 'idle'
}
