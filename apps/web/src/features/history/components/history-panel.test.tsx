import type { ItemAccess } from '@teplo/domain'
import {
  historySeriesOf,
  itemConsumptionDocumentSchema,
  itemFuelDocumentSchema,
  itemHistoryDocumentSchema,
} from '@teplo/domain'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { type StubbedCall, stubFetch } from '../../../test/fetch-stub'
import { renderRoutes } from '../../../test/render-routes'
import HistoryPanel from './history-panel'

const HOUR = 3_600_000

function historyDocument(from: string, to: string, demo = false, demoFilling = false) {
  const start = Date.parse(from)
  const bucket = (offset: number, heater: number) => ({
    time: new Date(start + offset * HOUR).toISOString(),
    samples: 60,
    heater_temp: { min: heater - 2, avg: heater, max: heater + 2 },
    heater_temp_set: { min: 70, avg: 70, max: 70 },
    boiler_temp: null,
    boiler_temp_set: null,
    gas_temp: null,
    burner_power: { min: 0, avg: 12, max: 20 },
    flame_brightness: null,
    work_mode: 6,
    is_on: true,
  })
  return itemHistoryDocumentSchema.parse({
    data: {
      type: 'item-histories',
      id: '7',
      attributes: {
        from,
        to,
        resolution: '1h',
        time_zone: 'Europe/Kyiv',
        demo,
        demo_filling: demoFilling,
        series: historySeriesOf([bucket(0, 60), bucket(1, 62), bucket(5, 66)]),
        gaps: [
          { from: new Date(start + 2 * HOUR).toISOString(), to: new Date(start + 5 * HOUR).toISOString() },
        ],
        events: [{ time: new Date(start + HOUR).toISOString(), kind: 'error', code: 'E1', settings: null }],
      },
      links: { self: '/api/v2/items/7/history' },
    },
  })
}

const fuel = (attributes: Partial<Record<string, unknown>> = {}) =>
  itemFuelDocumentSchema.parse({
    data: {
      type: 'item-fuel',
      id: '7',
      attributes: {
        calorific_value: 4.8,
        boiler_efficiency: 0.9,
        pellet_price_per_tonne: 9000,
        hopper_capacity_kg: 200,
        last_refill_at: '2026-11-20T10:00:00.000Z',
        last_refill_kg: 200,
        fuel_left_kg: 151.4,
        rate_kg_per_day: 12.5,
        days_left: 12.1,
        ...attributes,
      },
      links: { self: '/api/v2/items/7/fuel' },
    },
  })

const consumption = itemConsumptionDocumentSchema.parse({
  data: {
    type: 'item-consumptions',
    id: '7',
    attributes: {
      from: '2026-11-17T00:00:00.000Z',
      to: '2026-11-24T00:00:00.000Z',
      period: 'day',
      time_zone: 'Europe/Kyiv',
      calorific_value: 4.8,
      boiler_efficiency: 0.9,
      pellet_price_per_tonne: 9000,
      currency: 'UAH',
      periods: [
        {
          start: '2026-11-22T22:00:00.000Z',
          end: '2026-11-23T22:00:00.000Z',
          energy_kwh: 43.2,
          fuel_kg: 10,
          cost: 90,
          coverage: 0.5,
        },
      ],
      totals: { energy_kwh: 43.2, fuel_kg: 10, cost: 90, coverage: 0.5 },
    },
    links: { self: '/api/v2/items/7/consumption' },
  },
})

function serve(options: { demo?: boolean; filling?: () => boolean } = {}) {
  let current = fuel()
  return stubFetch((call: StubbedCall) => {
    const url = new URL(call.url, 'http://x')
    if (url.pathname.endsWith('/history')) {
      return {
        status: 200,
        body: historyDocument(
          url.searchParams.get('from')!,
          url.searchParams.get('to')!,
          options.demo,
          options.filling?.() ?? false,
        ),
      }
    }
    if (url.pathname.endsWith('/consumption')) return { status: 200, body: consumption }
    if (url.pathname.endsWith('/hopper-refills')) {
      current = fuel({ fuel_left_kg: 180, days_left: 14.4, last_refill_kg: 180 })
      return { status: 201, body: current }
    }
    if (url.pathname.endsWith('/fuel')) return { status: 200, body: current }
    return { status: 404, body: { errors: [] } }
  })
}

const renderPanel = (access: ItemAccess = 'owner') =>
  renderRoutes(
    [{ path: '/', element: <HistoryPanel itemId="7" serialNumber="100001" access={access} /> }],
    '/',
  )

describe('HistoryPanel', () => {
  it('reads the last 24 hours, then another range when one is chosen', async () => {
    const calls = serve()
    renderPanel()
    expect((await screen.findByTestId('history-chart')).getAttribute('aria-label')).toContain(
      '1 періодів без зв',
    )
    const first = new URL(calls.find((call) => call.url.includes('/history'))!.url, 'http://x')
    const span = Date.parse(first.searchParams.get('to')!) - Date.parse(first.searchParams.get('from')!)
    expect(span).toBe(24 * HOUR)
    expect(first.searchParams.get('resolution')).toBe('auto')

    await userEvent.click(screen.getByRole('button', { name: '7 днів' }))
    await waitFor(() => expect(calls.filter((call) => call.url.includes('/history'))).toHaveLength(2))
    const second = new URL(calls.filter((call) => call.url.includes('/history'))[1]!.url, 'http://x')
    expect(Date.parse(second.searchParams.get('to')!) - Date.parse(second.searchParams.get('from')!)).toBe(
      7 * 24 * HOUR,
    )
  })

  it('says when the history is the demo boilers’ simulation', async () => {
    serve({ demo: true })
    renderPanel()
    expect(await screen.findByText(/Демонстраційні дані/)).toBeTruthy()
  })

  it('says while the demo past is still being drawn, and reads again until it is done', async () => {
    let filling = true
    const calls = serve({ demo: true, filling: () => filling })
    renderPanel()
    expect(await screen.findByText('Демонстраційну історію ще формують — графік доповнюється')).toBeTruthy()
    const reads = () => calls.filter((call) => call.url.includes('/history')).length
    await waitFor(() => expect(reads()).toBeGreaterThanOrEqual(2), { timeout: 5000 })
    expect(screen.getByText('Демонстраційну історію ще формують — графік доповнюється')).toBeTruthy()
    const fuelReads = calls.filter((call) => call.url.endsWith('/fuel')).length
    filling = false
    await waitFor(
      () => expect(screen.queryByText('Демонстраційну історію ще формують — графік доповнюється')).toBeNull(),
      { timeout: 5000 },
    )
    // The consumption and fuel estimate the written past changed are read again; then no more reads.
    await waitFor(() =>
      expect(calls.filter((call) => call.url.endsWith('/fuel')).length).toBeGreaterThan(fuelReads),
    )
    const settled = reads()
    await new Promise((resolve) => setTimeout(resolve, 3500))
    expect(reads()).toBe(settled)
    expect(screen.getByText(/Демонстраційні дані/)).toBeTruthy()
  })

  it('refuses a custom range that ends before it starts, without asking the server', async () => {
    const calls = serve()
    renderPanel()
    await screen.findByTestId('history-chart')
    await userEvent.click(screen.getByRole('button', { name: 'Свій період' }))
    const from = screen.getByLabelText('Від')
    await userEvent.clear(from)
    await userEvent.type(from, '2026-11-22T10:00')
    const to = screen.getByLabelText('До')
    await userEvent.clear(to)
    await userEvent.type(to, '2026-11-21T10:00')
    await userEvent.click(screen.getByRole('button', { name: 'Показати' }))
    expect(await screen.findByText('Початок має бути раніше за кінець')).toBeTruthy()
    expect(calls.filter((call) => call.url.includes('/history'))).toHaveLength(1)
  })

  it('shows the hopper estimate and records a refill', async () => {
    const calls = serve()
    renderPanel()
    expect((await screen.findByTestId('fuel-left')).textContent).toContain('У бункері приблизно 151 кг')
    expect(screen.getByText('Вистачить приблизно на 12 днів')).toBeTruthy()
    expect((await screen.findByTestId('consumption-totals')).textContent).toContain(
      'Разом 10 кг · 43 кВт·год · 90 грн',
    )
    expect(screen.getByText(/на зв'язку 50 % цього часу/)).toBeTruthy()

    await userEvent.click(screen.getByRole('button', { name: 'Засипав бункер' }))
    const dialog = await screen.findByRole('dialog')
    const kg = within(dialog).getByLabelText('Засипано, кг')
    expect((kg as HTMLInputElement).value).toBe('200')
    await userEvent.clear(kg)
    await userEvent.type(kg, '180')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Записати' }))
    await waitFor(() => expect(screen.getByTestId('fuel-left').textContent).toContain('180 кг'))
    const post = calls.find((call) => call.method === 'POST')!
    expect(post.body).toEqual({ data: { type: 'hopper-refills', attributes: { kg: 180 } } })
  })

  it('tells someone who only watches the device why there is no refill to record', async () => {
    serve()
    renderPanel('viewer')
    expect((await screen.findByTestId('fuel-left')).textContent).toContain('151 кг')
    expect(screen.queryByRole('button', { name: 'Засипав бункер' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Налаштування палива' })).toBeNull()
    expect(
      screen.getByText(
        'Ваш доступ — «Перегляд»: заправки й налаштування палива записує власник або той, хто має рівень «Керування».',
      ),
    ).toBeTruthy()
  })

  it('sends only the fuel settings that changed, efficiency as a share', async () => {
    const calls = serve()
    renderPanel()
    await userEvent.click(await screen.findByRole('button', { name: 'Налаштування палива' }))
    const dialog = await screen.findByRole('dialog')
    const efficiency = within(dialog).getByLabelText('ККД котла, %')
    await userEvent.clear(efficiency)
    await userEvent.type(efficiency, '120')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Зберегти' }))
    expect(await within(dialog).findByText('ККД — від 30 до 100 %')).toBeTruthy()
    await userEvent.clear(efficiency)
    await userEvent.type(efficiency, '85,5')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Зберегти' }))
    await waitFor(() => expect(calls.some((call) => call.method === 'PATCH')).toBe(true))
    expect(calls.find((call) => call.method === 'PATCH')!.body).toEqual({
      data: { type: 'item-fuel', id: '7', attributes: { boiler_efficiency: 0.855 } },
    })
  })
})
