// Long charts are read a slice at a time (ADR 039, addendum 3): on the embedded database every statement holds
// its one connection until it ends, so a chart of two years of days read in one statement (17,520 hourly rows,
// 0.2–0.6 s) made every other account's request wait for all of it. Read as slices of 60 days (of 3 days for
// the 15-minute chart), each a statement of its own, the others' statements go in between. Slices end on the
// charts' own bucket edges — Kyiv's midnights for days, whole hours for 15 minutes — so no bucket is split
// between two slices, and the slices' series and gaps join into exactly what one statement would have given.

/** The calendar of history days, weeks and months: the owners' (Ukraine). */
export const TIME_ZONE = 'Europe/Kyiv'

const DAY_MS = 86_400_000
const HOUR_MS = 3_600_000

/** How much of the range one statement reads, per chart that reads a slice at a time. */
export const SLICE_DAYS = { '15m': 3, '1d': 60 } as const

const kyivHour = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  hour: '2-digit',
  hourCycle: 'h23',
})
const kyivDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
})

/** The instant of Kyiv's midnight starting the local day of `instant` (Kyiv is UTC+2 or UTC+3). */
export function kyivMidnight(instant: Date): Date {
  const [year, month, day] = kyivDate.format(instant).split('-').map(Number)
  const utcMidnight = Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1)
  for (const offsetHours of [2, 3]) {
    const candidate = new Date(utcMidnight - offsetHours * HOUR_MS)
    if (Number(kyivHour.format(candidate)) === 0) return candidate
  }
  return new Date(utcMidnight - 2 * HOUR_MS)
}

/** The instant the Kyiv day after the one holding `instant` starts. */
export function nextKyivMidnight(instant: Date): Date {
  // A day is 23 to 25 hours long: 36 hours after a midnight is always inside the next day.
  return kyivMidnight(new Date(kyivMidnight(instant).getTime() + 36 * HOUR_MS))
}

/** The range cut into consecutive slices `[from, to)` ending on the chart's bucket edges. */
export function historySlices(from: Date, to: Date, resolution: keyof typeof SLICE_DAYS): [Date, Date][] {
  const slices: [Date, Date][] = []
  let start = from
  while (start < to) {
    const ahead = new Date(start.getTime() + SLICE_DAYS[resolution] * DAY_MS)
    const edge =
      resolution === '1d' ? kyivMidnight(ahead) : new Date(Math.floor(ahead.getTime() / HOUR_MS) * HOUR_MS)
    const end = edge <= start || edge >= to ? to : edge
    slices.push([start, end])
    start = end
  }
  return slices
}

type SeriesJson = { [key: string]: unknown[] | SeriesJson }

function appendSeries(into: SeriesJson, part: SeriesJson): void {
  for (const [key, value] of Object.entries(part)) {
    const target = into[key]
    if (Array.isArray(value) && Array.isArray(target)) target.push(...value)
    else if (!Array.isArray(value) && target && !Array.isArray(target)) appendSeries(target, value)
  }
}

/** The series of consecutive slices (JSON text each, columns of arrays) as one. */
export function joinSeries(parts: string[]): string {
  const [first, ...rest] = parts
  if (first === undefined) throw new Error('joinSeries needs at least one slice')
  if (rest.length === 0) return first
  const joined = JSON.parse(first) as SeriesJson
  for (const part of rest) appendSeries(joined, JSON.parse(part) as SeriesJson)
  return JSON.stringify(joined)
}

export type Edges = { first: number; last: number; inner: { from: number; to: number }[] } | null

/**
 * The readings' edges of consecutive slices as one: the first and last reading of all, every gap inside a slice,
 * and the gap across a slice's end where the next slice's first reading is more than `gapMs` after its last.
 */
export function joinEdges(parts: Edges[], gapMs: number): Edges {
  let joined: Edges = null
  for (const part of parts) {
    if (!part) continue
    if (!joined) {
      joined = { first: part.first, last: part.last, inner: [...part.inner] }
      continue
    }
    if (part.first - joined.last > gapMs) joined.inner.push({ from: joined.last, to: part.first })
    joined.inner.push(...part.inner)
    joined.last = part.last
  }
  return joined
}
