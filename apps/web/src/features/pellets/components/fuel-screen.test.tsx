import { kyivDate, pelletDeliveryListDocumentSchema, pelletStoreDocumentSchema } from '@teplo/domain'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
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

function serve(access: 'owner' | 'viewer', store = storeDocument()) {
  return stubFetch((call) => {
    const url = new URL(call.url, 'http://localhost')
    const route = `${call.method} ${url.pathname}`
    if (route === 'GET /api/v2/items/7')
      return { status: 200, body: itemDocument(itemResource('7', { access })) }
    if (route === 'GET /api/v2/items/7/pellet-store') return { status: 200, body: store }
    if (route === 'GET /api/v2/items/7/pellet-deliveries') return { status: 200, body: deliveries }
    if (route === 'POST /api/v2/items/7/pellet-deliveries')
      return { status: 201, body: { data: deliveries.data[0] } }
    return { status: 404, body: { errors: [{ status: '404', title: 'Not Found', detail: 'Не знайдено.' }] } }
  })
}

const show = () =>
  renderRoutes([{ path: '/items/:id/fuel', element: <FuelScreen itemId="7" /> }], '/items/7/fuel')

describe('«Паливо та обслуговування»', () => {
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
