import { describe, expect, it } from 'vitest'
import {
  historySlices,
  joinEdges,
  joinSeries,
  kyivMidnight,
} from '../../../src/modules/history/history-slices.ts'

const at = (iso: string) => new Date(iso)

describe('history slices', () => {
  it("finds Kyiv's midnight in winter (UTC+2), in summer (UTC+3) and on the days the clock changes", () => {
    expect(kyivMidnight(at('2026-01-15T12:00:00Z')).toISOString()).toBe('2026-01-14T22:00:00.000Z')
    expect(kyivMidnight(at('2026-07-15T12:00:00Z')).toISOString()).toBe('2026-07-14T21:00:00.000Z')
    // 29 March 2026: clocks go forward at 03:00; the day starts at UTC+2.
    expect(kyivMidnight(at('2026-03-29T12:00:00Z')).toISOString()).toBe('2026-03-28T22:00:00.000Z')
    // 25 October 2026: back at 04:00; the day starts at UTC+3.
    expect(kyivMidnight(at('2026-10-25T12:00:00Z')).toISOString()).toBe('2026-10-24T21:00:00.000Z')
    // Just after Kyiv's midnight, the UTC date is still the day before.
    expect(kyivMidnight(at('2026-01-14T22:30:00Z')).toISOString()).toBe('2026-01-14T22:00:00.000Z')
  })

  it('cuts two years of days at Kyiv midnights, 60 days at most, covering the range without overlap', () => {
    const from = at('2024-11-27T14:20:34.567Z')
    const to = at('2026-11-27T14:00:00Z')
    const slices = historySlices(from, to, '1d')
    expect(slices.length).toBe(13)
    expect(slices[0]?.[0]).toEqual(from)
    expect(slices.at(-1)?.[1]).toEqual(to)
    for (let i = 0; i < slices.length; i++) {
      const [start, end] = slices[i]!
      expect(end.getTime() - start.getTime()).toBeLessThanOrEqual(61 * 86_400_000)
      if (i > 0) expect(start).toEqual(slices[i - 1]?.[1])
      if (i < slices.length - 1) expect(kyivMidnight(end)).toEqual(end)
    }
  })

  it('cuts 15-minute charts at whole hours, and leaves a short range whole', () => {
    const slices = historySlices(at('2026-11-01T00:07:00Z'), at('2026-11-20T00:00:00Z'), '15m')
    expect(slices.length).toBe(7)
    for (const [, end] of slices) expect(end.getTime() % 3_600_000).toBe(0)
    expect(historySlices(at('2026-11-01T00:00:00Z'), at('2026-11-02T00:00:00Z'), '1d')).toHaveLength(1)
  })

  it("joins the slices' columns in order, empty slices included", () => {
    const a = JSON.stringify({ time: ['t1'], samples: [1], heater_temp: { min: [1], avg: [2], max: [3] } })
    const empty = JSON.stringify({ time: [], samples: [], heater_temp: { min: [], avg: [], max: [] } })
    const b = JSON.stringify({ time: ['t2'], samples: [2], heater_temp: { min: [4], avg: [5], max: [6] } })
    expect(JSON.parse(joinSeries([a, empty, b]))).toEqual({
      time: ['t1', 't2'],
      samples: [1, 2],
      heater_temp: { min: [1, 4], avg: [2, 5], max: [3, 6] },
    })
  })

  it("joins the readings' edges, with the gap across a slice's end", () => {
    const gap = 120_000
    expect(
      joinEdges(
        [
          { first: 0, last: 1_000, inner: [{ from: 200, to: 500_000 }] },
          null,
          { first: 1_050, last: 2_000, inner: [] },
          { first: 500_000, last: 600_000, inner: [] },
        ],
        gap,
      ),
    ).toEqual({
      first: 0,
      last: 600_000,
      inner: [
        { from: 200, to: 500_000 },
        { from: 2_000, to: 500_000 },
      ],
    })
    expect(joinEdges([null, null], gap)).toBeNull()
  })
})
