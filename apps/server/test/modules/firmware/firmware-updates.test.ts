import fs from 'node:fs/promises'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { DEMO_ACCOUNTS, type OtaDesiredMessage, otaDesiredMessageSchema, topicFor } from '@teplo/domain'
import { startSimulator } from '@teplo/simulator'
import { eq } from 'drizzle-orm'
import type { MqttClient } from 'mqtt'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { firmwareLinks, firmwareRollouts, items } from '../../../src/db/schema.ts'
import {
  connectDevice,
  type Device,
  provisionDevice,
  publish,
  waitFor,
} from '../../support/device-support.ts'
import { firmwareBytes, uploadedFirmware } from '../../support/firmware-support.ts'
import { bearer, build, loginAs, type TestApp } from '../../support/helper.ts'

// Firmware updates end to end: rollouts, ota/desired, the device-bound download link, ota/status, stages, and
// the real simulator downloading over HTTP (ADR 027).

let app: TestApp
let http = ''
let broker = ''
const tokens: Record<string, string> = {}
const clients: MqttClient[] = []

async function freePort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

beforeAll(async () => {
  const port = await freePort()
  http = `http://127.0.0.1:${port}`
  app = await build({
    MQTT_ENABLED: 'true',
    MQTT_HOST: '127.0.0.1',
    MQTT_PORT: '0',
    DATA_DIR: await fs.mkdtemp(path.join(os.tmpdir(), 'teplo-ota-')),
    // Where devices download from: this test server's own listener.
    APP_URL: http,
  })
  await app.listen({ port, host: '127.0.0.1' })
  broker = app.deviceLink!.transport.address
  for (const account of DEMO_ACCOUNTS)
    tokens[account.role] = await loginAs(app, account.email, account.password)
})
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.endAsync(true)))
})
afterAll(async () => {
  await app?.closeAll()
})

const admin = () => tokens.admin!
const device = () => provisionDevice(app, admin())

/** A raw controller that collects what arrives on its ota/desired. */
async function controller(dev: Device) {
  const received: (OtaDesiredMessage | '')[] = []
  const client = await connectDevice(broker, dev, {}, (c) =>
    c.on('message', (topic, payload) => {
      if (topic !== topicFor(dev.serial, 'ota/desired')) return
      received.push(payload.length === 0 ? '' : otaDesiredMessageSchema.parse(JSON.parse(payload.toString())))
    }),
  )
  clients.push(client)
  await client.subscribeAsync(topicFor(dev.serial, 'ota/desired'), { qos: 1 })
  return {
    client,
    received,
    desired: () => waitFor(() => received.findLast((m) => m !== ''), 5000, 'ota/desired'),
  }
}

function startRollout(body: object, token = admin()) {
  return app.inject({
    method: 'POST',
    url: '/api/v2/firmware-rollouts',
    headers: { ...bearer(token), 'content-type': 'application/json' },
    payload: body,
  })
}

type RolloutDocument = {
  data: {
    id: string
    attributes: {
      status: string
      stage: number
      devices: {
        item_id: string
        stage: number
        state: string
        progress: number | null
        reason: string | null
      }[]
    }
  }
}

async function rollout(id: string) {
  await app.deviceLink!.settle()
  const res = await app.inject({
    method: 'GET',
    url: `/api/v2/firmware-rollouts/${id}`,
    headers: bearer(admin()),
  })
  return res.json<RolloutDocument>().data.attributes
}

const stateOf = async (rolloutId: string, itemId: number) =>
  (await rollout(rolloutId)).devices.find((d) => d.item_id === String(itemId))

const detail = async (res: Response) =>
  ((await res.json()) as { errors: { detail: string }[] }).errors[0]?.detail

const basic = (dev: Pick<Device, 'serial' | 'password'>) =>
  `Basic ${Buffer.from(`${dev.serial}:${dev.password}`).toString('base64')}`

const report = (client: MqttClient, dev: Device, state: string, extra: object = {}, version = '2.0.0') =>
  publish(client, dev.serial, 'ota/status', {
    version,
    state: state as 'downloading',
    ts: new Date().toISOString(),
    ...extra,
  })

describe('who may update firmware', () => {
  it('refuses owners and installers: no rollout, no list (403)', async () => {
    for (const role of ['user', 'creator']) {
      const res = await startRollout({ firmware_id: '1', all: true }, tokens[role])
      expect(res.statusCode, role).toBe(403)
      const list = await app.inject({
        method: 'GET',
        url: '/api/v2/firmware-rollouts',
        headers: bearer(tokens[role]!),
      })
      expect(list.statusCode, role).toBe(403)
    }
  })

  it('refuses a rollout of an unknown image, of nothing, of a device of another type, in Ukrainian', async () => {
    const image = await uploadedFirmware(app, admin(), '1.9.0')
    const unknown = await startRollout({ firmware_id: '99999', all: true })
    expect(unknown.statusCode).toBe(422)
    expect(unknown.json().errors[0].detail).toBe('Такої прошивки немає.')
    const nothing = await startRollout({ firmware_id: image.id })
    expect(nothing.statusCode).toBe(422)
    expect(nothing.json().errors[0].detail).toBe('Оберіть пристрої або всі пристрої цього типу')
    const other = await app.inject({
      method: 'POST',
      url: '/api/v2/items',
      headers: bearer(admin()),
      payload: { name: 'Інший тип', owner: 'Тест', serial_number: '88001', category_id: 2 },
    })
    const otherType = await startRollout({ firmware_id: image.id, item_ids: [other.json().data.id] })
    expect(otherType.statusCode).toBe(422)
    expect(otherType.json().errors[0].detail).toBe('Пристрій «Інший тип» іншого типу, ніж ця прошивка.')
  })

  it('refuses a rollout to a device already on that version, by name, and starts nothing', async () => {
    const image = await uploadedFirmware(app, admin(), '1.9.5')
    const dev = await device()
    await app.db.update(items).set({ firmwareVersion: '1.9.5' }).where(eq(items.id, dev.itemId))
    const [name] = await app.db.select({ name: items.name }).from(items).where(eq(items.id, dev.itemId))
    const before = await app.db.select().from(firmwareRollouts)
    const res = await startRollout({ firmware_id: image.id, item_ids: [String(dev.itemId)] })
    expect(res.statusCode).toBe(422)
    expect(res.json().errors[0]).toMatchObject({
      detail: `Пристрій «${name!.name}» уже має версію 1.9.5: оновлювати нічого.`,
      source: { pointer: '/data/attributes/item_ids' },
    })
    expect(await app.db.select().from(firmwareRollouts)).toHaveLength(before.length)
  })
})

describe('the firmware channels on the embedded broker', () => {
  it("refuses another device's ota/desired and a device publishing ota/desired itself", async () => {
    const dev = await device()
    const other = await device()
    const { client } = await controller(dev)
    await expect(client.subscribeAsync(topicFor(other.serial, 'ota/desired'), { qos: 1 })).rejects.toThrow()
    await client.publishAsync(topicFor(dev.serial, 'ota/desired'), JSON.stringify({ version: '9.9' }), {
      qos: 1,
      retain: true,
    })
    expect(client.connected).toBe(true)
    await app.deviceLink!.settle()
    const [item] = await app.db.select().from(items).where(eq(items.id, dev.itemId))
    expect(item?.lastDropReason).toBe('publish refused: not one of its own topics')
  })
})

describe('an update over ota/desired, ota/status and the download link', () => {
  it('sends the device its link, serves the image to it alone, records progress and success', async () => {
    const image = await uploadedFirmware(app, admin(), '2.0.0', firmwareBytes(50_000))
    const dev = await device()
    const stranger = await device()
    const { client, received, desired } = await controller(dev)
    const started = await startRollout({ firmware_id: image.id, item_ids: [String(dev.itemId)] })
    expect(started.statusCode).toBe(201)
    const rolloutId = started.json<RolloutDocument>().data.id

    const message = await desired()
    expect(message).toMatchObject({ version: '2.0.0', sha256: image.sha256, size: 50_000 })
    expect(message.url.startsWith(`${http}/api/v2/firmware-downloads/`)).toBe(true)

    // The link alone is not enough, and another device's credentials are refused.
    const anonymous = await fetch(message.url)
    expect(anonymous.status).toBe(401)
    expect(await detail(anonymous)).toContain('облікові дані пристрою')
    const other = await fetch(message.url, { headers: { authorization: basic(stranger) } })
    expect(other.status).toBe(403)
    expect(await detail(other)).toBe('Це посилання на прошивку видано іншому пристрою.')
    const wrongSecret = await fetch(message.url, {
      headers: { authorization: basic({ ...dev, password: 'x' }) },
    })
    expect(wrongSecret.status).toBe(401)
    const own = await fetch(message.url, { headers: { authorization: basic(dev) } })
    expect(own.status).toBe(200)
    expect(own.headers.get('content-type')).toBe('application/octet-stream')
    expect(Buffer.from(await own.arrayBuffer())).toEqual(image.content)

    await report(client, dev, 'downloading', { progress: 50 })
    expect(await stateOf(rolloutId, dev.itemId)).toMatchObject({ state: 'downloading', progress: 50 })
    await report(client, dev, 'succeeded')
    expect(await stateOf(rolloutId, dev.itemId)).toMatchObject({ state: 'succeeded', progress: 100 })
    expect((await rollout(rolloutId)).status).toBe('completed')
    const [item] = await app.db.select().from(items).where(eq(items.id, dev.itemId))
    expect(item?.firmwareVersion).toBe('2.0.0')
    // The retained message is cleared once the update is over.
    await waitFor(() => received.at(-1) === '', 5000, 'ota/desired cleared')
    // A late report changes nothing.
    await report(client, dev, 'failed', { reason: 'late' })
    expect((await stateOf(rolloutId, dev.itemId))?.state).toBe('succeeded')
  })

  it('refuses an expired link (410) and an unknown one (404)', async () => {
    const image = await uploadedFirmware(app, admin(), '2.0.1')
    const dev = await device()
    const { desired } = await controller(dev)
    await startRollout({ firmware_id: image.id, item_ids: [String(dev.itemId)] })
    const message = await desired()
    await app.db
      .update(firmwareLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(firmwareLinks.itemId, dev.itemId))
    const expired = await fetch(message.url, { headers: { authorization: basic(dev) } })
    expect(expired.status).toBe(410)
    expect(await detail(expired)).toContain('застаріло')
    const unknown = await fetch(`${http}/api/v2/firmware-downloads/nope`, {
      headers: { authorization: basic(dev) },
    })
    expect(unknown.status).toBe(404)
  })

  it('records a failure with its reason; the device keeps its version; the image cannot go while in use', async () => {
    const image = await uploadedFirmware(app, admin(), '2.0.2')
    const dev = await device()
    const { client, desired } = await controller(dev)
    await publish(client, dev.serial, 'telemetry', {
      boot_id: 'b1',
      seq: 1,
      ts: new Date().toISOString(),
      heater_temp: 50,
      boiler_temp: 40,
      gas_temp: 100,
      burner_power: 0,
      flame_brightness: 0,
      work_mode: 16,
      pump_mode: 1,
      burner_on: false,
      settings_version: 0,
      firmware_version: '1.0.0',
    })
    const started = await startRollout({ firmware_id: image.id, item_ids: [String(dev.itemId)] })
    const rolloutId = started.json<RolloutDocument>().data.id
    const message = await desired()
    const busy = await app.inject({
      method: 'DELETE',
      url: `/api/v2/firmware/${image.id}`,
      headers: bearer(admin()),
    })
    expect(busy.statusCode).toBe(409)
    const again = await startRollout({ firmware_id: image.id, item_ids: [String(dev.itemId)] })
    expect(again.statusCode).toBe(409)
    expect(again.json().errors[0].detail).toContain('вже оновлюється')

    await report(
      client,
      dev,
      'failed',
      { reason: 'checksum mismatch: expected aa…, got bb…' },
      message.version,
    )
    expect(await stateOf(rolloutId, dev.itemId)).toMatchObject({
      state: 'failed',
      reason: 'checksum mismatch: expected aa…, got bb…',
    })
    const [item] = await app.db.select().from(items).where(eq(items.id, dev.itemId))
    expect(item?.firmwareVersion).toBe('1.0.0')
    expect((await rollout(rolloutId)).status).toBe('completed')
  })
})

describe('staged rollouts', () => {
  it('sends the first N % and the rest only once the first stage has finished without failures', async () => {
    const image = await uploadedFirmware(app, admin(), '3.0.0')
    const devs = await Promise.all([device(), device(), device(), device()])
    const links = await Promise.all(devs.map((dev) => controller(dev)))
    const started = await startRollout({
      firmware_id: image.id,
      item_ids: devs.map((dev) => String(dev.itemId)),
      stage_percent: 25,
    })
    const rolloutId = started.json<RolloutDocument>().data.id
    const first = await rollout(rolloutId)
    expect(first.devices.map((d) => [d.stage, d.state]).sort()).toEqual([
      [1, 'sent'],
      [2, 'waiting'],
      [2, 'waiting'],
      [2, 'waiting'],
    ])
    const firstId = Number(first.devices.find((d) => d.stage === 1)!.item_id)
    const index = devs.findIndex((dev) => dev.itemId === firstId)
    await links[index]!.desired()
    // Nothing for the second stage yet.
    await new Promise((resolve) => setTimeout(resolve, 200))
    for (const [i, link] of links.entries()) if (i !== index) expect(link.received).toEqual([])

    await report(links[index]!.client, devs[index]!, 'succeeded', {}, '3.0.0')
    const second = await rollout(rolloutId)
    expect(second.stage).toBe(2)
    expect(second.devices.filter((d) => d.state === 'sent')).toHaveLength(3)
    for (const [i, link] of links.entries())
      if (i !== index) expect((await link.desired()).version).toBe('3.0.0')
    for (const [i, link] of links.entries())
      if (i !== index) await report(link.client, devs[i]!, 'succeeded', {}, '3.0.0')
    expect((await rollout(rolloutId)).status).toBe('completed')
  })

  it('halts after a failure in the first stage: the second stage is never sent', async () => {
    const image = await uploadedFirmware(app, admin(), '3.1.0')
    const devs = await Promise.all([device(), device()])
    const links = await Promise.all(devs.map((dev) => controller(dev)))
    const started = await startRollout({
      firmware_id: image.id,
      item_ids: devs.map((dev) => String(dev.itemId)),
      stage_percent: 50,
    })
    const rolloutId = started.json<RolloutDocument>().data.id
    const firstId = Number((await rollout(rolloutId)).devices.find((d) => d.stage === 1)!.item_id)
    const index = devs.findIndex((dev) => dev.itemId === firstId)
    await links[index]!.desired()
    await report(links[index]!.client, devs[index]!, 'failed', { reason: 'flash write error' }, '3.1.0')
    const halted = await rollout(rolloutId)
    expect(halted.status).toBe('halted')
    expect(halted.devices.map((d) => d.state).sort()).toEqual(['failed', 'waiting'])
    expect(links[1 - index]!.received).toEqual([])
    const [row] = await app.db
      .select()
      .from(firmwareRollouts)
      .where(eq(firmwareRollouts.id, Number(rolloutId)))
    expect(row?.finishedAt).not.toBeNull()
  })
})

describe('devices that leave during a rollout', () => {
  it('an archived device fails with the reason and a deleted one is not waited for', async () => {
    const image = await uploadedFirmware(app, admin(), '3.2.0')
    const [kept, archived, deleted] = await Promise.all([device(), device(), device()])
    const keptLink = await controller(kept!)
    const started = await startRollout({
      firmware_id: image.id,
      item_ids: [kept!, archived!, deleted!].map((dev) => String(dev.itemId)),
    })
    const rolloutId = started.json<RolloutDocument>().data.id
    const archive = await app.inject({
      method: 'PATCH',
      url: `/api/v2/items/${archived!.itemId}`,
      headers: { ...bearer(admin()), 'content-type': 'application/json' },
      payload: { status: 'archive' },
    })
    expect(archive.statusCode).toBe(200)
    const removal = await app.inject({
      method: 'DELETE',
      url: `/api/v2/items/${deleted!.itemId}`,
      headers: bearer(admin()),
    })
    expect(removal.statusCode).toBe(204)
    await waitFor(
      async () => (await stateOf(rolloutId, archived!.itemId))?.state === 'failed',
      5000,
      'archived device failed',
    )
    expect((await stateOf(rolloutId, archived!.itemId))?.reason).toBe('Пристрій перенесено в архів')
    expect((await rollout(rolloutId)).devices).toHaveLength(2)
    expect((await rollout(rolloutId)).status).toBe('running')
    await keptLink.desired()
    await report(keptLink.client, kept!, 'succeeded', {}, '3.2.0')
    expect((await rollout(rolloutId)).status).toBe('completed')
  })

  it('a rollout whose only waiting device is deleted is over', async () => {
    const image = await uploadedFirmware(app, admin(), '3.3.0')
    const dev = await device()
    const started = await startRollout({ firmware_id: image.id, item_ids: [String(dev.itemId)] })
    const rolloutId = started.json<RolloutDocument>().data.id
    await app.inject({ method: 'DELETE', url: `/api/v2/items/${dev.itemId}`, headers: bearer(admin()) })
    await waitFor(async () => (await rollout(rolloutId)).status === 'completed', 5000, 'rollout over')
  })
})

describe('the simulator as the controller', () => {
  it('updates one device, fails another on a corrupted download keeping its version, and updates one that was offline when it returns', async () => {
    const image = await uploadedFirmware(app, admin(), '4.0.0', firmwareBytes(300_000))
    const [good, corrupted, away] = await Promise.all([device(), device(), device()])
    const simulator = startSimulator({
      url: broker,
      devices: [good!, corrupted!].map(({ serial, password }) => ({ serial, password })),
      intervalSeconds: 60,
      reconnectPeriodMs: 100,
    })
    await simulator.whenConnected()
    // The server has taken both controllers' first messages (and so sent them what was pending for them, which
    // is nothing yet): otherwise a device's "online", handled after the rollout started, sends it the same update
    // again, and the corrupted one would install it on the second try.
    await waitFor(
      async () => {
        const seen = await Promise.all(
          [good!, corrupted!].map(async ({ itemId }) => {
            const [row] = await app.db
              .select({ lastSeenAt: items.lastSeenAt })
              .from(items)
              .where(eq(items.id, itemId))
            return row?.lastSeenAt != null
          }),
        )
        return seen.every(Boolean)
      },
      10_000,
      'both controllers seen by the server',
    )
    simulator.corruptNextDownload(corrupted!.serial)
    const started = await startRollout({
      firmware_id: image.id,
      item_ids: [good!, corrupted!, away!].map((dev) => String(dev.itemId)),
    })
    const rolloutId = started.json<RolloutDocument>().data.id
    try {
      await waitFor(
        async () => {
          const { devices } = await rollout(rolloutId)
          return devices.filter((d) => d.state === 'succeeded' || d.state === 'failed').length === 2
        },
        15_000,
        'two devices finished',
      )
      expect(await stateOf(rolloutId, good!.itemId)).toMatchObject({ state: 'succeeded', progress: 100 })
      const failed = await stateOf(rolloutId, corrupted!.itemId)
      expect(failed?.state).toBe('failed')
      expect(failed?.reason).toMatch(/^checksum mismatch/)
      expect(simulator.device(good!.serial)!.runtime.firmwareVersion).toBe('4.0.0')
      expect(simulator.device(corrupted!.serial)!.runtime.firmwareVersion).toBe('1.0.0')
      // The telemetry after the update reports the new version; the failed one still reports the old one.
      await waitFor(
        async () => {
          const [row] = await app.db.select().from(items).where(eq(items.id, good!.itemId))
          return row?.firmwareVersion === '4.0.0'
        },
        5000,
        'new version reported',
      )
      const [kept] = await app.db.select().from(items).where(eq(items.id, corrupted!.itemId))
      expect(kept?.firmwareVersion).toBe('1.0.0')
      expect((await rollout(rolloutId)).status).toBe('running')

      // The device that was away connects later and updates then.
      const late = startSimulator({ url: broker, devices: [away!], intervalSeconds: 60 })
      try {
        await waitFor(
          async () => (await stateOf(rolloutId, away!.itemId))?.state === 'succeeded',
          15_000,
          'late device',
        )
        expect((await rollout(rolloutId)).status).toBe('completed')
      } finally {
        await late.stop()
      }
    } finally {
      await simulator.stop()
    }
  })
})

describe('the rollouts list', () => {
  it('pages, newest first, with the page meta and links of every list', async () => {
    const page = async (number: number) => {
      const res = await app.inject({
        method: 'GET',
        url: `/api/v2/firmware-rollouts?page[size]=1&page[number]=${number}`,
        headers: bearer(admin()),
      })
      expect(res.statusCode).toBe(200)
      return res.json<{
        data: { id: string }[]
        meta: { page: { total: number; lastPage: number; currentPage: number } }
        links: { next?: string; prev?: string }
      }>()
    }
    const first = await page(1)
    const second = await page(2)
    // The rollouts this file started before.
    expect(first.meta.page.total).toBeGreaterThanOrEqual(2)
    expect(first.meta.page.lastPage).toBe(first.meta.page.total)
    expect(first.data).toHaveLength(1)
    expect(second.data).toHaveLength(1)
    expect(Number(first.data[0]!.id)).toBeGreaterThan(Number(second.data[0]!.id))
    expect(first.links.next).toBe('/api/v2/firmware-rollouts?page%5Bsize%5D=1&page%5Bnumber%5D=2')
    expect(second.links.prev).toBe('/api/v2/firmware-rollouts?page%5Bsize%5D=1&page%5Bnumber%5D=1')
  })
})
