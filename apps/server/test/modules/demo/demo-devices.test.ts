import { DEMO_ACCOUNTS } from '@teplo/domain'
import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../../src/config.ts'
import { items, telemetry } from '../../../src/db/schema.ts'
import { localBrokerUrl } from '../../../src/modules/demo/demo-devices.service.ts'
import { DEMO_HOPPER_KG } from '../../../src/modules/demo/demo-history.ts'
import { waitFor } from '../../support/device-support.ts'
import { bearer, build, loginAs, type TestApp } from '../../support/helper.ts'

const admin = DEMO_ACCOUNTS.find((account) => account.role === 'admin')!

let app: TestApp
let closed = false

async function demoItems() {
  return app.db.select().from(items).where(eq(items.simulated, true))
}

async function itemBySerial(serial: string) {
  const [item] = await app.db.select().from(items).where(eq(items.serialNumber, serial))
  return item!
}

beforeAll(async () => {
  // The default MQTT_HOST (every interface): the simulator must still find the broker on a free port.
  app = await build({ DEMO_DEVICES: 'true', DEMO_HISTORY_DAYS: '3', MQTT_ENABLED: 'true', MQTT_PORT: '0' })
})

afterAll(async () => {
  if (!closed) await app.closeAll()
})

describe('demo boilers (DEMO_DEVICES=true)', () => {
  // First: the fill of three days runs in the background for some seconds after the start.
  it('say that their past is still being drawn right after the start', async () => {
    const token = await loginAs(app, admin.email, admin.password)
    const boiler = await itemBySerial('100001')
    const to = new Date()
    const response = await app.inject({
      method: 'GET',
      url: `/api/v2/items/${boiler.id}/history?from=${new Date(to.getTime() - 86_400_000).toISOString()}&to=${to.toISOString()}`,
      headers: bearer(token),
    })
    expect(response.json().data.attributes).toMatchObject({ demo: true, demo_filling: true })
    // Never said of a device that is not a demo boiler.
    const pending = await itemBySerial('100002')
    expect(app.demoHistory.isFilling(pending.id)).toBe(false)
  })

  it('connect the verified demo boilers with fresh secrets, and they report live values', async () => {
    const live = await waitFor(
      async () => {
        const rows = await demoItems()
        return (
          rows.length === 3 && rows.every((row) => row.status === 'on' && row.heaterTemp !== null) && rows
        )
      },
      15_000,
      'the demo boilers to be on with readings',
    )
    for (const row of live) {
      expect(row.deviceSecretHash).toMatch(/^[0-9a-f]{64}$/)
      expect(row.settingsVersion).toBeGreaterThanOrEqual(1)
      expect(row).toMatchObject({ burnerOn: expect.any(Boolean), gasTemp: expect.any(Number) })
    }
    // Version 1 of the dashboard values reaches each boiler, which confirms it.
    await waitFor(
      async () => (await demoItems()).every((row) => row.syncStatus === 'synced' && row.appliedVersion >= 1),
      10_000,
      'the demo boilers to confirm their settings',
    )
    // The pending demo device keeps its code and gets no credentials.
    expect(await itemBySerial('100002')).toMatchObject({ status: 'pending', deviceSecretHash: null })
  })

  it('get days of generated history on first start, labelled as demo data', async () => {
    const token = await loginAs(app, admin.email, admin.password)
    const boiler = await itemBySerial('100001')
    const to = new Date()
    const from = new Date(to.getTime() - 3 * 86_400_000)
    const read = () =>
      app.inject({
        method: 'GET',
        url: `/api/v2/items/${boiler.id}/history?from=${from.toISOString()}&to=${to.toISOString()}`,
        headers: bearer(token),
      })
    const readFuel = () =>
      app.inject({ method: 'GET', url: `/api/v2/items/${boiler.id}/fuel`, headers: bearer(token) })
    await waitFor(
      async () => (await read()).json().data.attributes.demo_filling === false,
      30_000,
      'the demo history to be generated',
    )
    const fuel = (await readFuel()).json().data.attributes
    // A 250 kg hopper the owner tops up before it runs low: the last refill is part of it.
    expect(fuel.hopper_capacity_kg).toBe(DEMO_HOPPER_KG)
    expect(fuel.last_refill_kg).toBeGreaterThan(0)
    expect(fuel.last_refill_kg).toBeLessThanOrEqual(DEMO_HOPPER_KG)
    const history = (await read()).json().data.attributes
    expect(history).toMatchObject({ demo: true, resolution: '15m' })
    expect(history.series.time.length).toBeGreaterThan(250)
    // The month's episodes, scaled to the span: a controller error, an outage, a night switched off.
    expect(
      history.events.map((event: { kind: string; code: string | null }) => event.code ?? event.kind),
    ).toEqual(expect.arrayContaining(['E1', 'off', 'on', 'settings']))
    expect(
      history.gaps.some(
        (gap: { from: string; to: string }) => Date.parse(gap.to) - Date.parse(gap.from) >= 6 * 3600_000,
      ),
    ).toBe(true)
  })

  it('keeps a time series whose readings move on', async () => {
    const home = await itemBySerial('100001')
    await waitFor(
      async () => {
        const [row] = await app.db.select({ n: count() }).from(telemetry).where(eq(telemetry.itemId, home.id))
        return (row?.n ?? 0) >= 2
      },
      15_000,
      'a second reading',
    )
    const later = await waitFor(
      async () => {
        const row = await itemBySerial('100001')
        return row.telemetryAt! > home.telemetryAt! && row
      },
      15_000,
      'a newer reading',
    )
    expect(later.telemetrySeq).toBeGreaterThan(home.telemetrySeq!)
  })

  it('applies a dashboard change on the simulated boiler', async () => {
    const token = await loginAs(app, admin.email, admin.password)
    const home = await itemBySerial('100001')
    const patch = await app.inject({
      method: 'PATCH',
      url: `/api/v2/items/${home.id}`,
      headers: bearer(token),
      payload: { heater_temp_set: 71 },
    })
    expect(patch.statusCode).toBe(200)
    const version = home.settingsVersion + 1
    expect(patch.json().data.attributes).toMatchObject({ heater_temp_set: 71, sync_status: 'pending' })
    const applied = await waitFor(
      async () => {
        const row = await itemBySerial('100001')
        return row.syncStatus === 'synced' && row.appliedVersion === version && row
      },
      10_000,
      'the boiler to apply the change',
    )
    expect(applied).toMatchObject({ settingsVersion: version, heaterTempSet: 71, syncError: null })
  })

  it('stops the boilers on close while the broker still runs: they say goodbye', async () => {
    await app.close()
    closed = true
    const rows = await demoItems()
    expect(rows.map((row) => row.status)).toEqual(['connecting', 'connecting', 'connecting'])
    await app.closeAll()
  })
})

describe('DEMO_DEVICES setting', () => {
  it('is on by default, except in tests, and false turns it off', () => {
    expect(loadConfig({}).demoDevices).toBe(true)
    expect(loadConfig({ NODE_ENV: 'production' }).demoDevices).toBe(true)
    expect(loadConfig({ NODE_ENV: 'test' }).demoDevices).toBe(false)
    expect(loadConfig({ NODE_ENV: 'production', DEMO_DEVICES: 'false' }).demoDevices).toBe(false)
    expect(loadConfig({ NODE_ENV: 'test', DEMO_DEVICES: 'true' }).demoDevices).toBe(true)
    expect(() => loadConfig({ DEMO_DEVICES: 'yes' })).toThrow(/DEMO_DEVICES="yes": must be true or false/)
  })

  it('reaches a broker listening on every interface through the loopback address', () => {
    expect(localBrokerUrl('mqtt://0.0.0.0:18972', '0.0.0.0')).toBe('mqtt://127.0.0.1:18972')
    expect(localBrokerUrl('mqtt://:::1884', '::')).toBe('mqtt://127.0.0.1:1884')
    expect(localBrokerUrl('mqtt://127.0.0.1:40001', '127.0.0.1')).toBe('mqtt://127.0.0.1:40001')
    expect(localBrokerUrl('mqtt://::1:1884', '::1')).toBe('mqtt://[::1]:1884')
  })
})
