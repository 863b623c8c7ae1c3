import { describe, expect, it } from 'vitest'
import { fuelSettingsPatchSchema, hopperRefillSchema } from '../schemas/history'
import {
  historyBucketsOf,
  historySeriesOf,
  itemConsumptionDocumentSchema,
  itemFuelDocumentSchema,
  itemHistoryDocumentSchema,
} from './history'

const stat = { min: 60, avg: 61.5, max: 63 }

describe('history contract', () => {
  it('reads a history document', () => {
    const document = itemHistoryDocumentSchema.parse({
      data: {
        type: 'item-histories',
        id: '1',
        attributes: {
          from: '2026-11-23T06:00:00.000Z',
          to: '2026-11-24T06:00:00.000Z',
          resolution: '1m',
          time_zone: 'Europe/Kyiv',
          demo: false,
          demo_filling: false,
          series: historySeriesOf([
            {
              time: '2026-11-23T06:00:00.000Z',
              samples: 6,
              heater_temp: stat,
              heater_temp_set: { min: 70, avg: 70, max: 70 },
              boiler_temp: null,
              boiler_temp_set: null,
              gas_temp: stat,
              burner_power: stat,
              flame_brightness: null,
              work_mode: 6,
              is_on: true,
            },
          ]),
          gaps: [{ from: '2026-11-23T07:00:00.000Z', to: '2026-11-23T08:00:00.000Z' }],
          events: [
            { time: '2026-11-23T06:30:00.000Z', kind: 'error', code: 'E1', settings: null },
            {
              time: '2026-11-23T06:40:00.000Z',
              kind: 'settings',
              code: null,
              settings: { heater_temp_set: 70 },
            },
          ],
        },
        links: { self: '/api/v2/items/1/history' },
      },
    })
    const series = document.data.attributes.series
    expect(series.heater_temp.avg).toEqual([61.5])
    expect(series.boiler_temp).toEqual({ min: [null], avg: [null], max: [null] })
    // Back to rows: a metric without readings in a bucket is null there.
    const [bucket] = historyBucketsOf(series)
    expect(bucket).toMatchObject({
      samples: 6,
      heater_temp: stat,
      boiler_temp: null,
      work_mode: 6,
      is_on: true,
    })
  })

  it('refuses a bucket without its metrics or with a local time', () => {
    const result = itemHistoryDocumentSchema.safeParse({
      data: {
        type: 'item-histories',
        id: '1',
        attributes: {
          from: '2026-11-23 06:00:00',
          to: '2026-11-24T06:00:00.000Z',
          resolution: 'auto',
          time_zone: 'Europe/Kyiv',
          demo: false,
          demo_filling: false,
          series: historySeriesOf([]),
          gaps: [],
          events: [],
        },
        links: { self: '/api/v2/items/1/history' },
      },
    })
    expect(result.success).toBe(false)
  })

  it('refuses a series whose columns differ in length', () => {
    const series = historySeriesOf([])
    expect(
      itemHistoryDocumentSchema.shape.data.shape.attributes.shape.series.safeParse({
        ...series,
        time: ['2026-11-23T06:00:00.000Z'],
        samples: [6],
      }).success,
    ).toBe(false)
  })

  it('reads consumption and fuel documents', () => {
    expect(
      itemConsumptionDocumentSchema.parse({
        data: {
          type: 'item-consumptions',
          id: '1',
          attributes: {
            from: '2026-11-17T00:00:00.000Z',
            to: '2026-11-24T00:00:00.000Z',
            period: 'day',
            time_zone: 'Europe/Kyiv',
            calorific_value: 4.8,
            boiler_efficiency: 0.9,
            pellet_price_per_tonne: null,
            currency: 'UAH',
            periods: [
              {
                start: '2026-11-17T00:00:00.000Z',
                end: '2026-11-18T00:00:00.000Z',
                energy_kwh: 43.2,
                fuel_kg: 10,
                cost: null,
                coverage: 1,
              },
            ],
            totals: { energy_kwh: 43.2, fuel_kg: 10, cost: null, coverage: 1 },
          },
          links: { self: '/api/v2/items/1/consumption' },
        },
      }).data.attributes.periods,
    ).toHaveLength(1)
    expect(
      itemFuelDocumentSchema.parse({
        data: {
          type: 'item-fuel',
          id: '1',
          attributes: {
            calorific_value: 4.8,
            boiler_efficiency: 0.9,
            pellet_price_per_tonne: 9000,
            hopper_capacity_kg: 200,
            last_refill_at: '2026-11-20T10:00:00.000Z',
            last_refill_kg: 200,
            fuel_left_kg: 150,
            rate_kg_per_day: 12.5,
            days_left: 12,
          },
          links: { self: '/api/v2/items/1/fuel' },
        },
      }).data.attributes.days_left,
    ).toBe(12)
  })

  it('checks the fuel bodies', () => {
    expect(fuelSettingsPatchSchema.safeParse({ boiler_efficiency: 1.2 }).success).toBe(false)
    expect(fuelSettingsPatchSchema.safeParse({ calorific_value: '4.8' }).success).toBe(false)
    expect(fuelSettingsPatchSchema.safeParse({ pellet_price_per_tonne: null }).success).toBe(true)
    expect(fuelSettingsPatchSchema.safeParse({ colour: 'red' }).success).toBe(false)
    expect(hopperRefillSchema.parse({})).toEqual({})
    expect(hopperRefillSchema.safeParse({ kg: -5 }).success).toBe(false)
  })
})
