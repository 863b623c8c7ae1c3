import { maintenanceDocumentSchema } from '@teplo/domain'
import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { alarms, itemAudit, maintenanceTasks, telemetry1h } from '../../../src/db/schema.ts'
import { fuelKg, fuelParameters } from '../../../src/modules/history/fuel.service.ts'
import { bearer } from '../../support/helper.ts'
import {
  app,
  firstError,
  get,
  itemId,
  setState,
  token,
  useItemsFixture,
} from '../../support/items-fixture.ts'

useItemsFixture()

const SERIAL = '100003'
const device = () => itemId[SERIAL]!
const url = (id = device()) => `/api/v2/items/${id}/maintenance`
const DAY_MS = 86_400_000
const HOUR_MS = 3_600_000

type Who = 'user' | 'otherUser' | 'admin' | 'creator'
const send = (
  method: 'POST' | 'PATCH',
  path: string,
  attributes: object,
  who: Who = 'user',
  language?: string,
) =>
  app.inject({
    method,
    url: path,
    headers: { ...bearer(token[who]), ...(language ? { 'accept-language': language } : {}) },
    payload: {
      data: {
        type: 'maintenance-schedules',
        ...(method === 'PATCH' ? { id: String(device()) } : {}),
        attributes,
      },
    },
  })
const done = (task: string, attributes: object, who: Who = 'user', language?: string) =>
  send('POST', `${url()}/${task}/done`, attributes, who, language)
const setInterval_ = (task: string, interval: number | null | string, who: Who = 'admin') =>
  send('PATCH', `${url()}/${task}`, { interval }, who)
const schedule = async () =>
  maintenanceDocumentSchema.parse((await get(url(), 'user')).json()).data.attributes
const taskOf = async (task: string) => (await schedule()).tasks.find((entry) => entry.task === task)!
const rows = async () => app.db.select().from(maintenanceTasks).where(eq(maintenanceTasks.itemId, device()))

describe('maintenance reminders', () => {
  it('starts with the defaults counted from the registration, for whoever may see the device', async () => {
    const attributes = await schedule()
    expect(attributes.tasks.map((task) => [task.task, task.unit, task.interval, task.status])).toEqual([
      ['ash_box', 'kg', 300, 'ok'],
      ['heat_exchanger', 'hours', 300, 'ok'],
      ['annual_service', 'months', 12, 'ok'],
      ['chimney_sweep', 'months', 12, 'ok'],
    ])
    const annual = attributes.tasks.find((task) => task.task === 'annual_service')!
    expect(annual.last_done_at).toBeNull()
    expect(annual.due_in?.unit).toBe('days')
    expect(annual.due_in!.value).toBeGreaterThanOrEqual(363)
    // No readings yet: the kg and hours tasks say they cannot count rather than count nothing.
    expect(attributes.tasks[0]).toMatchObject({ due_in: null, unknown_reason: 'no_readings' })
    expect(attributes.tasks[1]).toMatchObject({ due_in: null, unknown_reason: 'no_readings' })
    expect(attributes.next_task).toBe('annual_service')
    expect((await get(url(), 'otherUser')).statusCode).toBe(404)
    expect((await app.inject({ method: 'GET', url: url() })).statusCode).toBe(401)
  })

  it('refuses a bad task done, naming the field, and stores nothing', async () => {
    const future = await done('chimney_sweep', { done_at: new Date(Date.now() + DAY_MS).toISOString() })
    expect(future.statusCode).toBe(422)
    expect(firstError(future)).toMatchObject({
      detail: 'Дата виконання не може бути в майбутньому',
      source: { pointer: '/data/attributes/done_at' },
    })
    const before = await done('chimney_sweep', { done_at: '2001-05-01' }, 'user', 'en')
    expect(before.statusCode).toBe(422)
    expect(firstError(before)!.detail).toMatch(
      /^The date done cannot be before the boiler was registered \(\d{4}-\d\d-\d\d\)$/,
    )
    expect(firstError(before)!.source).toEqual({ pointer: '/data/attributes/done_at' })
    for (const bad of [{ done_at: 'yesterday' }, { done_at: '2026-02-30' }, {}, { done_at: 5 }]) {
      const res = await done('chimney_sweep', bad)
      expect(res.statusCode, JSON.stringify(bad)).toBe(422)
      expect(firstError(res)!.source).toEqual({ pointer: '/data/attributes/done_at' })
    }
    const note = await done('chimney_sweep', { done_at: new Date().toISOString(), note: 'x'.repeat(501) })
    expect(firstError(note)!.source).toEqual({ pointer: '/data/attributes/note' })
    // An unknown task in the path is not there, as an unknown device is not (ADR 059).
    const unknown = await done('oil_change', { done_at: new Date().toISOString() })
    expect(unknown.statusCode).toBe(404)
    expect(firstError(unknown)!.detail).toBe('Такого завдання обслуговування немає.')
    expect((await done('chimney_sweep', { done_at: new Date().toISOString() }, 'otherUser')).statusCode).toBe(
      404,
    )
    expect((await rows()).filter((row) => row.lastDoneAt !== null)).toEqual([])
  })

  it('marks a task done: its count starts again, the note is kept and the change log has it', async () => {
    const at = new Date(Math.floor((Date.now() - 60_000) / 1000) * 1000)
    const res = await done('chimney_sweep', { done_at: at.toISOString(), note: '  Сажі небагато  ' })
    expect(res.statusCode).toBe(200)
    const chimney = maintenanceDocumentSchema
      .parse(res.json())
      .data.attributes.tasks.find((task) => task.task === 'chimney_sweep')!
    expect(chimney).toMatchObject({ last_note: 'Сажі небагато', status: 'ok' })
    expect(new Date(chimney.last_done_at!).getTime()).toBe(at.getTime())
    expect(new Date(chimney.since).getTime()).toBe(at.getTime())
    const log = await app.db
      .select()
      .from(itemAudit)
      .where(and(eq(itemAudit.itemId, device()), eq(itemAudit.action, 'maintenance-done')))
    expect(log).toHaveLength(1)
    expect(log[0]!.changes).toMatchObject({
      task: { from: null, to: 'chimney_sweep' },
      done_at: { from: null, to: at.toISOString() },
      note: { from: null, to: 'Сажі небагато' },
    })
    // A viewer cannot; the change log lists it for whoever reads the log.
    const entries = (await get(`/api/v2/items/${device()}/audit`, 'user')).json() as {
      data: { attributes: { action: string } }[]
    }
    expect(entries.data.map((entry) => entry.attributes.action)).toContain('maintenance-done')
  })

  it('lets the installer change an interval within its limits, and no one else', async () => {
    for (const bad of [0, -3, 37, 1_000_000]) {
      const res = await setInterval_('annual_service', bad)
      expect(res.statusCode, String(bad)).toBe(422)
      expect(firstError(res)).toMatchObject({
        detail: 'Інтервал для «Щорічне технічне обслуговування» — від 1 до 36 міс.',
        source: { pointer: '/data/attributes/interval' },
      })
    }
    for (const bad of [2.5, '12']) {
      const res = await setInterval_('annual_service', bad as number)
      expect(firstError(res)!.source).toEqual({ pointer: '/data/attributes/interval' })
    }
    expect((await setInterval_('oil_change', 12)).statusCode).toBe(404)
    // A household owner marks tasks done but does not set the schedule.
    expect((await setInterval_('annual_service', 24, 'user')).statusCode).toBe(403)
    expect((await taskOf('annual_service')).interval).toBe(12)

    const res = await setInterval_('annual_service', 24)
    expect(res.statusCode).toBe(200)
    const annual = await taskOf('annual_service')
    expect(annual.interval).toBe(24)
    expect(annual.due_in!.value).toBeGreaterThan(700)
    const log = await app.db
      .select()
      .from(itemAudit)
      .where(and(eq(itemAudit.itemId, device()), eq(itemAudit.action, 'maintenance-interval')))
    expect(log.map((entry) => entry.changes)).toEqual([{ annual_service: { from: 12, to: 24 } }])
    expect((await setInterval_('annual_service', null)).statusCode).toBe(200)
    expect((await taskOf('annual_service')).interval).toBe(12)
  })

  it('counts the ash box in pellets burned since it was emptied, and raises maintenance_due once it is due', async () => {
    // Registered ten days ago; two days of burning at 100 kWh a day in the hourly rollups, half of each hour lit.
    await setState(device(), { createdAt: new Date(Date.now() - 10 * DAY_MS) })
    const start = Math.floor(Date.now() / HOUR_MS) * HOUR_MS - 50 * HOUR_MS
    await app.db.insert(telemetry1h).values(
      Array.from({ length: 48 }, (_, i) => {
        const bucket = new Date(start + i * HOUR_MS)
        return {
          itemId: device(),
          bucket,
          samples: 360,
          firstAt: bucket,
          lastAt: new Date(bucket.getTime() + HOUR_MS - 10_000),
          energyKwh: 100 / 24,
          coveredS: 3600,
          burnerOnS: 1800,
        }
      }),
    )
    // And the days' rollup beside them, as the ingest keeps it (whole Kyiv days are read from there).
    await app.db.execute(sql`
      insert into telemetry_1d (item_id, bucket, energy_kwh, covered_s, samples, burner_on_s)
      select item_id, date_trunc('day', bucket at time zone 'Europe/Kyiv') at time zone 'Europe/Kyiv',
        sum(energy_kwh), sum(covered_s), sum(samples), sum(burner_on_s)
      from telemetry_1h where item_id = ${device()} group by 1, 2`)
    const burned = fuelKg(200, await fuelParameters(app.db, device()))
    const ash = await taskOf('ash_box')
    expect(ash.used).toBeCloseTo(burned, 0)
    expect(ash.due_in).toEqual({ value: Math.round((300 - burned) * 10) / 10, unit: 'kg' })
    expect(ash.status).toBe('ok')
    expect(ash.due_at).not.toBeNull()
    // The burner lit half of each hour: 24 burner hours of the heat exchanger's 300.
    expect(await taskOf('heat_exchanger')).toMatchObject({ used: 24, due_in: { value: 276, unit: 'hours' } })

    const open = () =>
      app.db
        .select()
        .from(alarms)
        .where(and(eq(alarms.itemId, device()), eq(alarms.kind, 'maintenance_due')))
    await app.alarms.engine.checkMaintenance()
    expect(await open()).toEqual([])
    // The installer shortens the interval below what was burned: overdue, one alarm for that task.
    expect((await setInterval_('ash_box', 20)).statusCode).toBe(200)
    expect((await taskOf('ash_box')).status).toBe('overdue')
    await app.alarms.engine.checkMaintenance()
    const raised = await open()
    expect(raised.map((alarm) => [alarm.code, alarm.clearedAt])).toEqual([['ash_box', null]])
    const listed = (await get(`/api/v2/items/${device()}/alarms`, 'user')).json() as {
      data: { attributes: { kind: string; description: string } }[]
    }
    expect(
      listed.data.find((alarm) => alarm.attributes.kind === 'maintenance_due')!.attributes.description,
    ).toBe('«Спорожнити зольник»: настав час за графіком обслуговування котла.')
    // Emptied: the count starts again and the alarm clears on the next look.
    expect((await done('ash_box', { done_at: new Date().toISOString() })).statusCode).toBe(200)
    expect((await taskOf('ash_box')).status).toBe('ok')
    await app.alarms.engine.checkMaintenance()
    expect((await open())[0]!.clearedAt).not.toBeNull()
  })

  it('keeps when each task falls due, and the fleet sorts by the maintenance due first', async () => {
    await get(url(), 'user')
    const stored = await rows()
    expect(stored.map((row) => row.task).sort()).toEqual([
      'annual_service',
      'ash_box',
      'chimney_sweep',
      'heat_exchanger',
    ])
    // Another device of the installer with its chimney overdue comes first.
    const other = itemId['100001']!
    await app.db
      .insert(maintenanceTasks)
      .values({ itemId: other, task: 'chimney_sweep', dueAt: new Date(Date.now() - DAY_MS) })
      .onConflictDoUpdate({
        target: [maintenanceTasks.itemId, maintenanceTasks.task],
        set: { dueAt: new Date(Date.now() - DAY_MS) },
      })
    const fleet = (await get('/api/v2/fleet?sort=maintenance', 'admin')).json() as {
      data: {
        id: string
        attributes: { maintenance_task: string | null; maintenance_due_at: string | null }
      }[]
    }
    expect(fleet.data[0]).toMatchObject({
      id: String(other),
      attributes: { maintenance_task: 'chimney_sweep' },
    })
    const dues = fleet.data
      .map((entry) => entry.attributes.maintenance_due_at)
      .filter((at): at is string => at !== null)
      .map((at) => new Date(at).getTime())
    expect(dues).toEqual([...dues].sort((a, b) => a - b))
    const bad = await get('/api/v2/fleet?sort=due', 'admin')
    expect(bad.statusCode).toBe(400)
    expect(firstError(bad)!.source).toEqual({ parameter: 'sort' })
  })
})
