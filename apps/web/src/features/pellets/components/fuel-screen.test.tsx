import {
  energyCountersDocumentSchema,
  kyivDate,
  pelletDeliveryListDocumentSchema,
  pelletStoreDocumentSchema,
} from '@teplo/domain'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { itemDocument, itemResource } from '../../../lib/items/item-fixtures.test-data'
import { stubFetch } from '../../../test/fetch-stub'
import { renderRoutes } from '../../../test/render-routes'
import FuelScreen from './fuel-screen'

const slow = { timeout: 10_000 }
const DAY_MS = 86_400_000
const day = (offset: number) => kyivDate(new Date(Date.now() + offset * DAY_MS))

// Parsed with the contract, so a fixture that drifts from the server's answer fails here.
const storeDocument = (attributes: object = {}) =>
  pelletStoreDocumentSchema.parse({
    data: {
      type: 'pellet-stores',
      id: '7',
      attributes: {
        capacity_kg: 3000,
        reorder_lead_days: 7,
        min_stock_kg: 0,
        stock_kg: 1200,
        hopper_kg: 80,
        average_price_per_kg: 9.5,
        currency: 'UAH',
        last_delivery_at: day(-10),
        rate_kg_per_day: 20,
        forecast: {
          basis: 'burn_rate',
          days_measured: 14,
          kg_per_degree_day: null,
          hopper_run_out: { date: day(4), earliest: day(2), latest: day(8) },
          store_run_out: { date: day(64), earliest: day(32), latest: day(128) },
          reorder_by: day(25),
          reorder_due: false,
        },
        time_zone: 'Europe/Kyiv',
        updated_at: null,
        ...attributes,
      },
      links: { self: '/api/v2/items/7/pellet-store' },
    },
  })

const deliveries = pelletDeliveryListDocumentSchema.parse({
  data: [
    {
      type: 'pellet-deliveries',
      id: '3',
      attributes: {
        kg: 1000,
        price_total: 9500,
        price_per_kg: 9.5,
        delivered_at: day(-10),
        supplier: 'Пелети Полісся',
        created_at: '2026-11-20 10:00:00',
      },
      links: { self: '/api/v2/items/7/pellet-deliveries/3' },
    },
  ],
  meta: { page: { currentPage: 1, from: 1, to: 1, perPage: 20, lastPage: 1, total: 1 } },
  links: { first: '/api/v2/items/7/pellet-deliveries', last: '/api/v2/items/7/pellet-deliveries' },
})

const season = (label: string, current: boolean, values: object) => ({
  label,
  start: '2026-08-31T21:00:00.000Z',
  end: '2027-05-31T21:00:00.000Z',
  until: '2026-11-20T10:00:00.000Z',
  current,
  energy_kwh: 4200,
  fuel_kg: 972.2,
  cost: 9236.1,
  burner_hours: 310.5,
  burner_hours_source: 'controller',
  ignitions: 512,
  ignitions_source: 'controller',
  coverage: 0.98,
  degree_days: 820,
  outdoor_days: 80,
  ...values,
})

const energyDocument = (values: { previous?: object } = {}) =>
  energyCountersDocumentSchema.parse({
    data: {
      type: 'energy-counters',
      id: '7',
      attributes: {
        since: '2025-10-01T21:00:00.000Z',
        energy_kwh_total: 15000,
        fuel_kg_total: 3472.2,
        burner_hours_total: 1210.5,
        ignitions_total: 2300,
        sources: {
          energy_kwh_total: 'derived',
          fuel_kg_total: 'derived',
          burner_hours_total: 'controller',
          ignitions_total: 'controller',
        },
        season_start: '09-01',
        season_end: '05-31',
        seasons: [
          season('2026/27', true, {}),
          season('2025/26', false, {
            energy_kwh: 10800,
            burner_hours: 800,
            burner_hours_source: 'derived',
            ignitions_source: 'derived',
            ...values.previous,
          }),
        ],
        currency: 'UAH',
        time_zone: 'Europe/Kyiv',
      },
      links: { self: '/api/v2/items/7/energy' },
    },
  })

function serve(access: 'owner' | 'viewer', store = storeDocument(), energy = energyDocument()) {
  return stubFetch((call) => {
    const url = new URL(call.url, 'http://localhost')
    const route = `${call.method} ${url.pathname}`
    if (route === 'GET /api/v2/items/7')
      return { status: 200, body: itemDocument(itemResource('7', { access })) }
    if (route === 'GET /api/v2/items/7/pellet-store') return { status: 200, body: store }
    if (route === 'GET /api/v2/items/7/pellet-deliveries') return { status: 200, body: deliveries }
    if (route === 'GET /api/v2/items/7/energy') return { status: 200, body: energy }
    if (route === 'GET /api/v2/items/7/maintenance')
      return {
        status: 200,
        body: {
          data: { type: 'maintenance-schedules', id: '7', attributes: { tasks: [], next_task: null } },
        },
      }
    if (route === 'POST /api/v2/items/7/pellet-deliveries')
      return { status: 201, body: { data: deliveries.data[0] } }
    if (route === 'PATCH /api/v2/items/7/energy') return { status: 200, body: energy }
    return { status: 404, body: { errors: [{ status: '404', title: 'Not Found', detail: 'Не знайдено.' }] } }
  })
}

const show = () =>
  renderRoutes([{ path: '/items/:id/fuel', element: <FuelScreen itemId="7" /> }], '/items/7/fuel')

describe('«Паливо та обслуговування»', () => {
  it(
    'compares this heating season with the last, saying which counters the controller gave',
    slow,
    async () => {
      serve('owner')
      show()
      const section = await screen.findByTestId('season-comparison')
      expect(section.textContent).toContain('Сезон опалення: цей і минулий')
      expect(section.textContent).toContain('2026/27')
      expect(section.textContent).toContain('2025/26')
      expect(screen.getByTestId('season-energy').textContent).toBe('Енергія, кВт·год4\u00a020010\u00a0800')
      expect(screen.getByTestId('season-hours').textContent).toBe(
        'Години роботи пальника310,5 (з лічильника контролера)800 (пораховано Teplo)',
      )
      expect(screen.getByTestId('season-degree-days').textContent).toBe('Градусо-дні (база 18 °C)820820')
      expect(screen.getByTestId('season-totals').textContent).toContain('1\u00a0210,5 год роботи пальника')
    },
  )

  it(
    'says the seasons are compared without the weather when there is no outdoor temperature',
    slow,
    async () => {
      serve('owner', storeDocument(), energyDocument({ previous: { degree_days: null, outdoor_days: 0 } }))
      show()
      expect((await screen.findByTestId('season-comparison')).textContent).toContain(
        'сезони порівнюються без поправки на погоду',
      )
      expect(screen.getByTestId('season-degree-days').textContent).toBe('Градусо-дні (база 18 °C)820—')
    },
  )

  it('writes the season in words and lets whoever operates it change its days', slow, async () => {
    const calls = serve('owner')
    show()
    const section = await screen.findByTestId('season-comparison')
    expect(screen.getByTestId('season-span').textContent).toContain('з 1 вересня до 31 травня')
    await userEvent.click(within(section).getByRole('button', { name: 'Змінити сезон' }))
    // 31 is not a day of November: choosing the month takes the day back to the 30th.
    await userEvent.selectOptions(await screen.findByTestId('season_start-month'), 'жовтень')
    await userEvent.selectOptions(screen.getByTestId('season_start-day'), '31')
    await userEvent.selectOptions(screen.getByTestId('season_start-month'), '11')
    expect((screen.getByTestId('season_start-day') as HTMLSelectElement).value).toBe('30')
    await userEvent.selectOptions(screen.getByTestId('season_end-day'), '15')
    await userEvent.click(screen.getByRole('button', { name: 'Зберегти' }))
    const sent = await vi.waitFor(() => {
      const patch = calls.find((call) => call.method === 'PATCH')
      if (!patch) throw new Error('no PATCH yet')
      return patch
    })
    expect(sent.body).toMatchObject({ data: { attributes: { season_start: '11-30', season_end: '05-15' } } })
  })

  it('offers no season change to someone who only watches', slow, async () => {
    serve('viewer')
    show()
    const section = await screen.findByTestId('season-comparison')
    expect(within(section).queryByRole('button', { name: 'Змінити сезон' })).toBeNull()
  })

  it('shows the stock, the forecast in words, and the deliveries', slow, async () => {
    serve('owner')
    show()
    expect((await screen.findByTestId('pellet-stock')).textContent).toBe('На складі: 1\u00a0200 кг')
    expect(screen.getByTestId('pellet-forecast').textContent).toMatch(
      /^Пелет вистачить до .+ — замовте до .+$/,
    )
    expect(screen.getByText('У бункері: 80 кг')).toBeTruthy()
    expect(await screen.findByText(/Пелети Полісся/)).toBeTruthy()
    // The chart's words for those who do not see it: the hopper's and the store's pellets together.
    expect(screen.getByTestId('pellet-forecast-chart').getAttribute('aria-label')).toMatch(
      /^Запас 1\u00a0280 кг знижується до нуля приблизно .+, між .+ і .+\.$/,
    )
  })

  it('says it is time to order once the day to order has come', slow, async () => {
    const store = storeDocument()
    store.data.attributes.forecast = {
      ...store.data.attributes.forecast,
      reorder_by: day(0),
      reorder_due: true,
    }
    serve('owner', store)
    show()
    expect((await screen.findByTestId('pellet-forecast')).textContent).toMatch(
      /^Час замовляти пелети: їх вистачить до /,
    )
  })

  it('checks a delivery with the domain’s rules before sending, then sends it', slow, async () => {
    const calls = serve('owner')
    show()
    await userEvent.click(await screen.findByRole('button', { name: 'Додати доставку' }))
    const dialog = await screen.findByRole('dialog')
    await userEvent.type(within(dialog).getByLabelText('Привезено, кг'), '-5')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Додати' }))
    expect(await within(dialog).findByText('Вкажіть, скільки кілограмів привезли')).toBeTruthy()
    expect(calls.some((call) => call.method === 'POST')).toBe(false)

    const kg = within(dialog).getByLabelText('Привезено, кг')
    await userEvent.clear(kg)
    await userEvent.type(kg, '2 000')
    await userEvent.type(
      within(dialog).getByLabelText('Ціна за всю доставку, грн (необов’язково)'),
      '17000,50',
    )
    await userEvent.click(within(dialog).getByRole('button', { name: 'Додати' }))
    expect(await screen.findByText('Доставку додано')).toBeTruthy()
    const sent = calls.find((call) => call.method === 'POST')
    expect(sent?.body).toEqual({
      data: {
        type: 'pellet-deliveries',
        attributes: { kg: 2000, price_total: 17000.5, delivered_at: day(0), supplier: null },
      },
    })
  })

  it('tells someone who only watches why they cannot add deliveries', slow, async () => {
    serve('viewer')
    show()
    expect(await screen.findByText(/Ваш доступ — «/)).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Додати доставку' })).toBeNull()
    expect(screen.queryByRole('button', { name: /Видалити доставку/ })).toBeNull()
  })

  it('says why there is no forecast yet', slow, async () => {
    const store = storeDocument({
      rate_kg_per_day: null,
      forecast: {
        basis: null,
        days_measured: 0,
        kg_per_degree_day: null,
        hopper_run_out: null,
        store_run_out: null,
        reorder_by: null,
        reorder_due: false,
      },
    })
    serve('owner', store)
    show()
    expect(
      await screen.findByText('Прогноз з’явиться, коли буде щонайменше 3 дні показників котла.'),
    ).toBeTruthy()
    expect(screen.queryByTestId('pellet-forecast-chart')).toBeNull()
  })
})
