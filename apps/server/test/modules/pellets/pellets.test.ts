import { kyivDate, pelletDeliveryListDocumentSchema, pelletStoreDocumentSchema } from '@teplo/domain'
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  alarms,
  hopperRefills,
  itemAudit,
  itemFuel,
  pelletDeliveries,
  telemetry1d,
  users,
} from '../../../src/db/schema.ts'
import { kyivMidnight } from '../../../src/modules/history/history-slices.ts'
import { bearer } from '../../support/helper.ts'
import { app, firstError, get, itemId, token, useItemsFixture } from '../../support/items-fixture.ts'

useItemsFixture()

const SERIAL = '100003'
const device = () => itemId[SERIAL]!
const storeUrl = () => `/api/v2/items/${device()}/pellet-store`
const deliveriesUrl = (id = device()) => `/api/v2/items/${id}/pellet-deliveries`
const DAY_MS = 86_400_000
const today = () => kyivDate(new Date())
const daysAgo = (n: number) => kyivDate(new Date(Date.now() - n * DAY_MS))

type Who = 'user' | 'otherUser' | 'admin'
const send = (
  method: 'POST' | 'PATCH',
  url: string,
  type: string,
  attributes: object,
  who: Who = 'user',
  language?: string,
) =>
  app.inject({
    method,
    url,
    headers: { ...bearer(token[who]), ...(language ? { 'accept-language': language } : {}) },
    payload: { data: { type, ...(method === 'PATCH' ? { id: String(device()) } : {}), attributes } },
  })
const deliver = (attributes: object, who: Who = 'user', language?: string) =>
  send('POST', deliveriesUrl(), 'pellet-deliveries', attributes, who, language)
const store = async () =>
  pelletStoreDocumentSchema.parse((await get(storeUrl(), 'user')).json()).data.attributes
const deliveriesStored = async () =>
  app.db.select().from(pelletDeliveries).where(eq(pelletDeliveries.itemId, device()))

describe('the pellet store', () => {
  it('starts empty with the defaults and no forecast, for whoever may see the device', async () => {
    expect(await store()).toMatchObject({
      capacity_kg: null,
      reorder_lead_days: 7,
      min_stock_kg: 0,
      stock_kg: 0,
      last_delivery_at: null,
      forecast: { basis: null, store_run_out: null, reorder_by: null, reorder_due: false },
    })
    expect((await get(storeUrl(), 'otherUser')).statusCode).toBe(404)
    expect((await app.inject({ method: 'GET', url: storeUrl() })).statusCode).toBe(401)
  })

  it('changes its settings, checks each, logs the change, and refuses strangers', async () => {
    const lead = await send('PATCH', storeUrl(), 'pellet-stores', { reorder_lead_days: 91 })
    expect(lead.statusCode).toBe(422)
    expect(firstError(lead)).toMatchObject({
      detail: 'Час на доставку — від 0 до 90 днів',
      source: { pointer: '/data/attributes/reorder_lead_days' },
    })
    const fraction = await send('PATCH', storeUrl(), 'pellet-stores', { reorder_lead_days: 2.5 })
    expect(firstError(fraction)!.source).toEqual({ pointer: '/data/attributes/reorder_lead_days' })
    const reserve = await send('PATCH', storeUrl(), 'pellet-stores', { capacity_kg: 500, min_stock_kg: 600 })
    expect(reserve.statusCode).toBe(422)
    expect(firstError(reserve)).toMatchObject({
      detail: 'Недоторканний запас не може бути більшим за місткість складу',
      source: { pointer: '/data/attributes/min_stock_kg' },
    })
    expect(
      (await send('PATCH', storeUrl(), 'pellet-stores', { capacity_kg: 500 }, 'otherUser')).statusCode,
    ).toBe(404)
    expect(await store()).toMatchObject({ capacity_kg: null, reorder_lead_days: 7, min_stock_kg: 0 })

    const ok = await send('PATCH', storeUrl(), 'pellet-stores', { capacity_kg: 3000, reorder_lead_days: 5 })
    expect(ok.statusCode).toBe(200)
    expect(ok.json().data.attributes).toMatchObject({
      capacity_kg: 3000,
      reorder_lead_days: 5,
      min_stock_kg: 0,
    })
    const [logged] = await app.db
      .select()
      .from(itemAudit)
      .where(and(eq(itemAudit.itemId, device()), eq(itemAudit.action, 'pellet-store')))
    expect(logged!.changes).toEqual({
      capacity_kg: { from: null, to: 3000 },
      reorder_lead_days: { from: 7, to: 5 },
    })
  })

  it('refuses bad deliveries naming the field, in the reader’s language, and stores none', async () => {
    const bad: [object, string, string][] = [
      [{ kg: -5, delivered_at: daysAgo(1) }, 'kg', 'Привезено має бути від 1 до 100\u00a0000 кг'],
      [{ kg: 0, delivered_at: daysAgo(1) }, 'kg', 'Привезено має бути від 1 до 100\u00a0000 кг'],
      [
        { kg: 500, price_total: -1, delivered_at: daysAgo(1) },
        'price_total',
        'Ціна доставки — від 0 до 10\u00a0000\u00a0000 грн',
      ],
      [
        { kg: 500, price_total: 1e12, delivered_at: daysAgo(1) },
        'price_total',
        'Ціна доставки — від 0 до 10\u00a0000\u00a0000 грн',
      ],
      [{ kg: 500, delivered_at: daysAgo(-2) }, 'delivered_at', 'Дата доставки не може бути в майбутньому'],
      [{ kg: 500, delivered_at: '2026-02-30' }, 'delivered_at', 'Дата доставки — у форматі РРРР-ММ-ДД'],
      [
        { kg: 500, delivered_at: '1999-12-31' },
        'delivered_at',
        'Дата доставки не може бути раніше 2000 року',
      ],
      [{ kg: 500 }, 'delivered_at', 'Вкажіть дату доставки'],
      [
        { kg: 500, delivered_at: daysAgo(1), supplier: 'x'.repeat(101) },
        'supplier',
        'Назва постачальника — не більше 100 символів',
      ],
      [
        { kg: 500, delivered_at: daysAgo(1), supplier: 'a\u0007b' },
        'supplier',
        'Назва постачальника не може містити керівних символів',
      ],
    ]
    for (const [attributes, field, detail] of bad) {
      const res = await deliver(attributes)
      expect(res.statusCode, JSON.stringify(attributes)).toBe(422)
      expect(firstError(res), JSON.stringify(attributes)).toMatchObject({
        detail,
        source: { pointer: `/data/attributes/${field}` },
      })
    }
    const english = await deliver({ kg: 500, delivered_at: daysAgo(-2) }, 'user', 'en')
    expect(firstError(english)!.detail).toBe('The delivery date cannot be in the future')
    const range = await deliver({ kg: -1, delivered_at: daysAgo(1) }, 'user', 'en')
    expect(firstError(range)!.detail).toBe('A delivery is 1 to 100,000 kg')
    expect((await deliver({ kg: 500, delivered_at: daysAgo(1) }, 'otherUser')).statusCode).toBe(404)
    expect(await deliveriesStored()).toEqual([])
  })

  it('adds deliveries to the stock, newest first, priced per kg, setting the fuel price from the newest', async () => {
    const first = await deliver({
      kg: 1000,
      price_total: 9000,
      delivered_at: daysAgo(20),
      supplier: ' Пелети Полісся ',
    })
    expect(first.statusCode).toBe(201)
    const created = first.json().data
    expect(first.headers.location).toBe(`/api/v2/items/${device()}/pellet-deliveries/${created.id}`)
    expect(created.attributes).toMatchObject({
      kg: 1000,
      price_total: 9000,
      price_per_kg: 9,
      delivered_at: daysAgo(20),
      supplier: 'Пелети Полісся',
    })
    // An instant is taken as its Kyiv day.
    const second = await deliver({
      kg: 500,
      price_total: 5000,
      delivered_at: new Date(Date.now() - 2 * DAY_MS).toISOString(),
    })
    expect(second.json().data.attributes.delivered_at).toBe(daysAgo(2))
    // An older delivery recorded late does not change the price.
    expect((await deliver({ kg: 200, delivered_at: daysAgo(30) })).statusCode).toBe(201)

    const [fuel] = await app.db.select().from(itemFuel).where(eq(itemFuel.itemId, device()))
    expect(fuel!.pelletPricePerTonne).toBe(10_000)
    expect(await store()).toMatchObject({
      stock_kg: 1700,
      last_delivery_at: daysAgo(2),
      // (9000 + 5000) / 1500 kg; the delivery without a price does not count.
      average_price_per_kg: 9.33,
    })
    const list = pelletDeliveryListDocumentSchema.parse((await get(deliveriesUrl(), 'user')).json())
    expect(list.data.map((d) => d.attributes.delivered_at)).toEqual([daysAgo(2), daysAgo(20), daysAgo(30)])
    expect(list.meta.page.total).toBe(3)
    expect((await get(`${deliveriesUrl()}?page[size]=2&page[number]=2`, 'user')).json().data).toHaveLength(1)
    expect((await get(deliveriesUrl(), 'otherUser')).statusCode).toBe(404)
  })

  it('takes refills of the hopper since the first delivery from the store', async () => {
    await app.db.insert(hopperRefills).values([
      // Before the first delivery: bags bought before the store was used.
      { itemId: device(), kg: 80, refilledAt: new Date(Date.now() - 40 * DAY_MS) },
      { itemId: device(), kg: 150, refilledAt: new Date(Date.now() - DAY_MS) },
    ])
    expect((await store()).stock_kg).toBe(1550)
  })

  it('refuses a delivery the store cannot hold, and nothing is stored', async () => {
    const before = (await deliveriesStored()).length
    const res = await deliver({ kg: 1500, delivered_at: today() })
    expect(res.statusCode).toBe(422)
    expect(firstError(res)).toMatchObject({
      detail:
        'На складі не поміститься: місткість 3\u00a0000 кг, уже є 1\u00a0550 кг. Змініть місткість складу або кількість.',
      source: { pointer: '/data/attributes/kg' },
    })
    expect(await deliveriesStored()).toHaveLength(before)
  })

  it('lets only one of two deliveries at once fill the last room in the store', async () => {
    const room = 3000 - (await store()).stock_kg
    const answers = await Promise.all([
      deliver({ kg: room, delivered_at: today() }),
      deliver({ kg: room, delivered_at: today() }),
    ])
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 422])
    const extra = (await deliveriesStored()).find((row) => row.deliveredAt === today())!
    await app.db.delete(pelletDeliveries).where(eq(pelletDeliveries.id, extra.id))
  })

  it('removes a delivery recorded by mistake, only on its own device, and logs it', async () => {
    const [mistake] = (await deliveriesStored()).filter((row) => row.kg === 200)
    const other = itemId['100001']!
    const wrongDevice = await app.inject({
      method: 'DELETE',
      url: `${deliveriesUrl(other)}/${mistake!.id}`,
      headers: bearer(token.admin),
    })
    expect(wrongDevice.statusCode).toBe(404)
    const stranger = await app.inject({
      method: 'DELETE',
      url: `${deliveriesUrl()}/${mistake!.id}`,
      headers: bearer(token.otherUser),
    })
    expect(stranger.statusCode).toBe(404)
    const removed = await app.inject({
      method: 'DELETE',
      url: `${deliveriesUrl()}/${mistake!.id}`,
      headers: bearer(token.user),
    })
    expect(removed.statusCode).toBe(204)
    expect((await store()).stock_kg).toBe(1350)
    const again = await app.inject({
      method: 'DELETE',
      url: `${deliveriesUrl()}/${mistake!.id}`,
      headers: bearer(token.user),
    })
    expect(again.statusCode).toBe(404)
    const actions = (await app.db.select().from(itemAudit).where(eq(itemAudit.itemId, device()))).map(
      (row) => row.action,
    )
    // Three deliveries, and the one that filled the store.
    expect(actions.filter((action) => action === 'pellet-delivery')).toHaveLength(4)
    expect(actions).toContain('pellet-delivery-removed')
  })

  it('forecasts run-out and the day to order from the recent days’ burn', async () => {
    // 14 complete days: 4 slow (43.2 kWh: 10 kg at 4.8 kWh/kg × 0.9), 4 at 20 kg, 6 fast (40 kg): the median is 20 kg.
    const midnight = kyivMidnight(new Date())
    const rows = Array.from({ length: 14 }, (_, i) => ({
      itemId: device(),
      bucket: kyivMidnight(new Date(midnight.getTime() - (i + 0.5) * DAY_MS)),
      energyKwh: [43.2, 86.4, 172.8, 172.8][i % 4]!,
      coveredS: 86_400,
    }))
    await app.db.delete(telemetry1d).where(eq(telemetry1d.itemId, device()))
    await app.db.insert(telemetry1d).values(rows)
    const { stock_kg, hopper_kg, rate_kg_per_day, forecast } = await store()
    expect(rate_kg_per_day).toBe(20)
    expect(forecast.basis).toBe('burn_rate')
    expect(forecast.days_measured).toBe(14)
    const total = stock_kg + (hopper_kg ?? 0)
    const day = (kg: number, rate: number) => kyivDate(new Date(Date.now() + Math.floor(kg / rate) * DAY_MS))
    expect(forecast.store_run_out?.date).toBe(day(total, 20))
    expect(forecast.store_run_out!.earliest < forecast.store_run_out!.date).toBe(true)
    expect(forecast.store_run_out!.latest > forecast.store_run_out!.date).toBe(true)
    expect(forecast.reorder_due).toBe(false)
    // The reserve and a long lead time bring the day to order to today.
    await send('PATCH', storeUrl(), 'pellet-stores', { min_stock_kg: 2000, reorder_lead_days: 30 })
    expect((await store()).forecast).toMatchObject({ reorder_by: today(), reorder_due: true })
  })

  it('raises «Час замовити пелети» when the day to order is near, worded for the owner, and clears it after a delivery', async () => {
    // The store above must be ordered today (a 30-day lead time and a reserve of 2,000 kg).
    await app.alarms.engine.checkStores()
    const open = async () =>
      (
        await app.db
          .select()
          .from(alarms)
          .where(and(eq(alarms.itemId, device()), eq(alarms.kind, 'fuel_reorder')))
      ).filter((alarm) => alarm.clearedAt === null)
    const [raised] = await open()
    expect(raised).toMatchObject({ value: 0, threshold: 3 })
    await app.alarms.engine.checkStores()
    expect(await open()).toHaveLength(1)
    const list = await app.inject({
      method: 'GET',
      url: `/api/v2/items/${device()}/alarms?filter[state]=active`,
      headers: bearer(token.user),
    })
    const listed = list
      .json()
      .data.find((alarm: { attributes: { kind: string } }) => alarm.attributes.kind === 'fuel_reorder')
    expect(listed.attributes).toMatchObject({ title: 'Час замовити пелети' })
    expect(listed.attributes.description).toMatch(
      /^За прогнозом складу пелети треба замовити не пізніше ніж через 0 дн\./,
    )

    // Reordered: the reserve and the lead time back to nothing, the day to order is weeks away.
    await send('PATCH', storeUrl(), 'pellet-stores', { min_stock_kg: 0, reorder_lead_days: 0 })
    await app.alarms.engine.checkStores()
    expect(await open()).toEqual([])
  })
})

describe('the pellet store across a handover', () => {
  it('stays with the household: the new owner starts with an empty store, the old deliveries and prices gone', async () => {
    const sold = itemId['100002']!
    const url = (path: string) => `/api/v2/items/${sold}/${path}`
    const delivered = await app.inject({
      method: 'POST',
      url: url('pellet-deliveries'),
      headers: bearer(token.admin),
      payload: {
        data: {
          type: 'pellet-deliveries',
          attributes: { kg: 900, price_total: 8100, delivered_at: daysAgo(3), supplier: 'Склад у сусіда' },
        },
      },
    })
    expect(delivered.statusCode).toBe(201)
    const settings = await app.inject({
      method: 'PATCH',
      url: url('pellet-store'),
      headers: bearer(token.admin),
      payload: { data: { type: 'pellet-stores', id: String(sold), attributes: { capacity_kg: 3000 } } },
    })
    expect(settings.statusCode).toBe(200)

    const [buyer] = await app.db.select().from(users).where(eq(users.email, 'other-user@teplo.test'))
    const handed = await app.inject({
      method: 'PATCH',
      url: `/api/v2/items/${sold}`,
      headers: bearer(token.admin),
      payload: {
        data: {
          type: 'items',
          id: String(sold),
          relationships: { user: { data: { type: 'users', id: String(buyer!.id) } } },
        },
      },
    })
    expect(handed.statusCode).toBe(200)

    const seen = await get(url('pellet-store'), 'otherUser')
    expect(pelletStoreDocumentSchema.parse(seen.json()).data.attributes).toMatchObject({
      capacity_kg: null,
      stock_kg: 0,
      last_delivery_at: null,
    })
    const listed = await get(url('pellet-deliveries'), 'otherUser')
    expect(pelletDeliveryListDocumentSchema.parse(listed.json()).data).toEqual([])
    expect(await app.db.select().from(pelletDeliveries).where(eq(pelletDeliveries.itemId, sold))).toEqual([])
  })
})
