import {
  HISTORY_METRICS,
  type HistoryBucket,
  historySeriesOf,
  itemHistoryDocumentSchema,
} from '@teplo/domain'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  createResponseSerializerCompiler,
  SerializedJson,
  serializationSchema,
} from '../../src/lib/response-serializer.ts'

const route = (schema: z.ZodType) => ({ schema, method: 'GET', url: '/test', httpStatus: '200' })

function historyDocument(buckets: number) {
  const stat = { min: 1, avg: 2.5, max: 4 }
  const rows = Array.from(
    { length: buckets },
    (_, i): HistoryBucket => ({
      time: new Date(Date.UTC(2026, 10, 23, 0, i)).toISOString(),
      samples: 6,
      ...(Object.fromEntries(HISTORY_METRICS.map((m, j) => [m, (i + j) % 5 === 0 ? null : stat])) as Pick<
        HistoryBucket,
        (typeof HISTORY_METRICS)[number]
      >),
      work_mode: i % 3 === 0 ? null : 6,
      is_on: i % 2 === 0,
    }),
  )
  const series = historySeriesOf(rows)
  return {
    data: {
      type: 'item-histories',
      id: '7',
      attributes: {
        from: '2026-11-23T00:00:00.000Z',
        to: '2026-11-24T00:00:00.000Z',
        resolution: '1m',
        time_zone: 'Europe/Kyiv',
        demo: false,
        demo_filling: false,
        series: {
          ...series,
          heater_temp: { ...series.heater_temp, extra: 'dropped' },
          internal: 'not on the wire',
        },
        gaps: [{ from: '2026-11-23T06:00:00.000Z', to: '2026-11-23T08:00:00.000Z' }],
        events: [
          {
            time: '2026-11-23T07:00:00.000Z',
            kind: 'settings',
            code: null,
            settings: { a: 1, b: true, c: 'x' },
          },
          { time: '2026-11-23T09:00:00.000Z', kind: 'error', code: 'E3', settings: null },
        ],
      },
      links: { self: '/api/v2/items/7/history' },
    },
    meta: { secret: 'never written' },
  }
}

describe('the response serialiser', () => {
  it('writes what the zod schema gives, dropping unlisted members, without a validator per value', () => {
    const schema = serializationSchema(itemHistoryDocumentSchema)
    // Every `X | null` became a nullable X: no union is left for fast-json-stringify to test values against.
    expect(JSON.stringify(schema)).not.toContain('anyOf')
    const fast = createResponseSerializerCompiler({ verify: false })(route(itemHistoryDocumentSchema))
    const document = historyDocument(50)
    const written = JSON.parse(fast(document))
    expect(written).toEqual(JSON.parse(JSON.stringify(itemHistoryDocumentSchema.parse(document))))
    expect(written.meta).toBeUndefined()
    expect(written.data.attributes.series.internal).toBeUndefined()
    expect(written.data.attributes.series.heater_temp.extra).toBeUndefined()
    expect(written.data.attributes.series.heater_temp.avg[1]).toBe(2.5)
    expect(written.data.attributes.series.heater_temp.avg[0]).toBeNull()
    expect(written.data.attributes.series.work_mode.slice(0, 2)).toEqual([null, 6])
    expect(written.data.attributes.events[0].settings).toEqual({ a: 1, b: true, c: 'x' })
  })

  it('under test also checks every answer against the zod schema', () => {
    const schema = z.object({ n: z.number(), when: z.iso.datetime() })
    const verified = createResponseSerializerCompiler({ verify: true })(route(schema))
    expect(JSON.parse(verified({ n: 1, when: '2026-11-24T00:00:00Z', other: 2 }))).toEqual({
      n: 1,
      when: '2026-11-24T00:00:00Z',
    })
    // A server bug (a value the contract does not allow) is an error, not a silently written document.
    expect(() => verified({ n: 'one', when: '2026-11-24T00:00:00Z' })).toThrow()
    expect(() => verified({ n: 1, when: 'yesterday' })).toThrow()
  })

  it('sends JSON the database wrote as it is, and under test checks it against the schema too', () => {
    const schema = z.object({ n: z.number(), list: z.array(z.number().nullable()) })
    const text = '{"n":1,"list":[1.5,null,2]}'
    const fast = createResponseSerializerCompiler({ verify: false })(route(schema))
    expect(fast(new SerializedJson(text))).toBe(text)
    const verified = createResponseSerializerCompiler({ verify: true })(route(schema))
    expect(verified(new SerializedJson(text))).toBe(text)
    // Text the contract does not allow, or with members it does not list, fails under test.
    expect(() => verified(new SerializedJson('{"n":"one","list":[]}'))).toThrow()
    expect(() => verified(new SerializedJson('{"n":1,"list":[],"secret":true}'))).toThrow(/wrote/)
  })
})
