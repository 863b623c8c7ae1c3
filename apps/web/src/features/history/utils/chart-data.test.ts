import { describe, expect, it } from 'vitest'
import { type Bucket, type HistoryData, metricLine, modeSpans } from './chart-data'
import { toKyivWallClock } from './ranges'

const MINUTE = 60_000
const start = Date.parse('2026-11-24T00:00:00Z')

function bucket(minute: number, heater: number | null, workMode: number | null = 6): Bucket {
  return {
    time: start + minute * MINUTE,
    samples: 6,
    values: { heater_temp: heater === null ? null : { min: heater - 1, avg: heater, max: heater + 1 } },
    workMode,
    isOn: true,
  }
}

function history(buckets: Bucket[], gaps: HistoryData['gaps'] = []): HistoryData {
  return {
    from: start,
    to: start + 60 * MINUTE,
    bucketMs: MINUTE,
    demo: false,
    demoFilling: false,
    buckets,
    gaps,
    events: [],
  }
}

const wall = (minute: number) => toKyivWallClock(start + minute * MINUTE)

describe('metricLine', () => {
  it('draws the averages on Kyiv wall-clock time', () => {
    expect(metricLine(history([bucket(0, 60), bucket(1, 61)]), 'heater_temp')).toEqual([
      [wall(0), 60],
      [wall(1), 61],
    ])
  })

  it('breaks the line inside a reported gap instead of joining across it', () => {
    const line = metricLine(
      history(
        [bucket(0, 60), bucket(1, 61), bucket(2, 62)],
        [{ from: start + 1.5 * MINUTE, to: start + 1.9 * MINUTE }],
      ),
      'heater_temp',
    )
    expect(line).toEqual([
      [wall(0), 60],
      [wall(1), 61],
      [toKyivWallClock(start + 1.5 * MINUTE), null],
      [wall(2), 62],
    ])
  })

  it('breaks the line where buckets are missing even without a reported gap', () => {
    const line = metricLine(history([bucket(0, 60), bucket(10, 70)]), 'heater_temp')
    expect(line).toHaveLength(3)
    expect(line[1]![1]).toBeNull()
  })

  it('leaves a metric without readings empty (null), not zero', () => {
    expect(metricLine(history([bucket(0, null)]), 'heater_temp')).toEqual([[wall(0), null]])
    expect(metricLine(history([bucket(0, 60)]), 'gas_temp')).toEqual([[wall(0), null]])
  })
})

describe('modeSpans', () => {
  it('merges neighbouring buckets of one mode and starts a new span on a change', () => {
    const spans = modeSpans(history([bucket(0, 60, 8), bucket(1, 60, 6), bucket(2, 60, 6), bucket(3, 60, 4)]))
    expect(spans).toEqual([
      [wall(0), wall(1), 8],
      [wall(1), wall(3), 6],
      [wall(3), wall(4), 4],
    ])
  })

  it('ends a span before a gap and skips buckets with no mode', () => {
    const spans = modeSpans(history([bucket(0, 60, 6), bucket(10, 60, 6), bucket(11, 60, null)]))
    expect(spans).toEqual([
      [wall(0), wall(1), 6],
      [wall(10), wall(11), 6],
    ])
  })
})
