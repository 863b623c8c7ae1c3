import fs from 'node:fs/promises'
import { DEMO_ACCOUNTS } from '@teplo/domain'
import { and, eq } from 'drizzle-orm'
import type { MqttClient } from 'mqtt'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { categories, itemShares, items } from '../../../src/db/schema.ts'
import { ItemCache } from '../../../src/modules/items/item-cache.ts'
import type { ItemRow } from '../../../src/modules/items/item-document.ts'
import {
  connectDevice,
  type Device,
  provisionDevice,
  publish,
  telemetry,
} from '../../support/device-support.ts'
import { bearer, build, loginAs, type TestApp } from '../../support/helper.ts'
import { addPerson, type Person, tempDataDir } from '../../support/sharing-fixture.ts'

const row = (id: number, userId: number) => ({ id, userId }) as ItemRow

describe('ItemCache', () => {
  it('answers an account only once it has read the device, until the lifetime ends', () => {
    const cache = new ItemCache(10_000)
    const read = cache.begin(1)
    cache.set(1, 7, row(1, 7), null, read, 1_000)
    expect(cache.get(1, 7, 10_999)?.item.id).toBe(1)
    // Another account's share level is not known: read from the database.
    expect(cache.get(1, 8, 2_000)).toBeUndefined()
    cache.set(1, 8, row(1, 7), 'viewer', cache.begin(1), 2_000)
    expect(cache.get(1, 8, 3_000)?.shares.get(8)).toBe('viewer')
    // Adding a reader does not extend the entry past its first answer.
    expect(cache.get(1, 8, 11_000)).toBeUndefined()
  })

  it('does not store what was read before the device was announced changed', () => {
    const cache = new ItemCache(10_000)
    const before = cache.begin(1)
    const other = cache.begin(2)
    cache.invalidate(1)
    expect(cache.set(1, 7, row(1, 7), null, before)).toBeUndefined()
    expect(cache.get(1, 7)).toBeUndefined()
    // Another device's read is unaffected.
    expect(cache.set(2, 7, row(2, 7), null, other)).toBeDefined()
    expect(cache.get(2, 7)).toBeDefined()
  })

  it('forgets the devices an account holds or has read when its access changes, and reads in flight', () => {
    const cache = new ItemCache(10_000)
    cache.set(1, 7, row(1, 7), null, cache.begin(1))
    cache.set(2, 9, row(2, 9), null, cache.begin(2))
    cache.set(2, 7, row(2, 9), 'viewer', cache.begin(2))
    cache.set(3, 9, row(3, 9), null, cache.begin(3))
    const inFlight = cache.begin(4)
    cache.forgetUser(7)
    expect(cache.get(1, 7)).toBeUndefined()
    expect(cache.get(2, 9)).toBeUndefined()
    expect(cache.get(3, 9)).toBeDefined()
    expect(cache.set(4, 9, row(4, 9), null, inFlight)).toBeUndefined()
  })

  it('forgets every page of the list on any announcement, and does not store a page read meanwhile', () => {
    const cache = new ItemCache(10_000)
    cache.setPage('a', 'page a', cache.beginPage())
    expect(cache.getPage('a')).toBe('page a')
    const generation = cache.beginPage()
    cache.invalidate(99)
    expect(cache.getPage('a')).toBeUndefined()
    cache.setPage('b', 'page b', generation)
    expect(cache.getPage('b')).toBeUndefined()
    cache.setPage('c', 'page c', cache.beginPage())
    cache.forgetUser(1234)
    expect(cache.getPage('c')).toBeUndefined()
    cache.setPage('d', 'page d', cache.beginPage(), 1_000)
    expect(cache.getPage('d', 10_999)).toBe('page d')
    expect(cache.getPage('d', 11_000)).toBeUndefined()
  })

  it('answers nothing while suspended (announcements may be missed) and stays within its bounds', () => {
    const cache = new ItemCache(10_000, 2, 2)
    cache.set(1, 7, row(1, 7), null, cache.begin(1))
    cache.suspend()
    expect(cache.get(1, 7)).toBeUndefined()
    expect(cache.set(1, 7, row(1, 7), null, cache.begin(1))).toBeUndefined()
    cache.resume()
    for (const id of [1, 2, 3]) cache.set(id, 7, row(id, 7), null, cache.begin(id))
    expect(cache.size).toBe(2)
    expect(cache.get(1, 7)).toBeUndefined()
    cache.set(3, 8, row(3, 7), 'viewer', cache.begin(3))
    expect(cache.set(3, 9, row(3, 7), 'viewer', cache.begin(3))).toBeUndefined()
    expect(cache.get(3, 8)).toBeDefined()
    const off = new ItemCache(0)
    expect(off.set(1, 7, row(1, 7), null, off.begin(1))).toBeUndefined()
  })
})

// Every way a device or who may see it changes is seen by the next GET /items/{id}, although the read is
// answered from memory (ITEM_CACHE_SECONDS, 10 s by default): the first test shows that it is.
describe('GET /items/{id} from the item cache', () => {
  let app: TestApp
  let dataDir: string
  let adminToken: string
  let owner: Person
  let viewer: Person
  let device: Device
  const clients: MqttClient[] = []

  beforeAll(async () => {
    dataDir = await tempDataDir()
    app = await build({ MQTT_ENABLED: 'true', MQTT_HOST: '127.0.0.1', MQTT_PORT: '0', DATA_DIR: dataDir })
    const admin = DEMO_ACCOUNTS.find((account) => account.role === 'admin')!
    adminToken = await loginAs(app, admin.email, admin.password)
    owner = await addPerson(app, 'cache-owner@example.com', 'creator')
    viewer = await addPerson(app, 'cache-viewer@example.com', 'user')
    device = await provisionDevice(app, adminToken)
    // The device goes to the creator's account, as an administrator's handover does.
    const moved = await patch(adminToken, { user_id: String(owner.id) })
    expect(moved.statusCode).toBe(200)
  })
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.endAsync(true)))
  })
  afterAll(async () => {
    await app?.closeAll()
    await fs.rm(dataDir, { recursive: true, force: true })
  })

  const read = (token: string) =>
    app.inject({ method: 'GET', url: `/api/v2/items/${device.itemId}`, headers: bearer(token) })
  const attributes = async (token: string) => {
    const res = await read(token)
    expect(res.statusCode).toBe(200)
    return res.json<{ data: { attributes: Record<string, unknown> } }>().data.attributes
  }
  function patch(token: string, payload: object) {
    return app.inject({
      method: 'PATCH',
      url: `/api/v2/items/${device.itemId}`,
      headers: bearer(token),
      payload,
    })
  }
  // Read twice: the second answer comes from memory.
  const warm = async (token: string) => {
    await read(token)
    return read(token)
  }

  it('answers from memory: a change nobody announced is not seen until it is', async () => {
    await warm(owner.token)
    await app.db.update(items).set({ name: 'Не оголошено' }).where(eq(items.id, device.itemId))
    expect((await attributes(owner.token)).name).not.toBe('Не оголошено')
    app.events.emit('item.updated', { itemId: device.itemId })
    expect((await attributes(owner.token)).name).toBe('Не оголошено')
  })

  it('shows a settings change, on/off and a registration edit at once', async () => {
    await warm(owner.token)
    const before = (await attributes(owner.token)).boiler_temp_set as number
    const value = before === 55 ? 56 : 55
    expect((await patch(owner.token, { boiler_temp_set: value })).statusCode).toBe(200)
    expect((await attributes(owner.token)).boiler_temp_set).toBe(value)
    expect((await patch(owner.token, { status: 'off' })).statusCode).toBe(200)
    expect((await attributes(owner.token)).power_set).toBe('off')
    expect((await patch(owner.token, { name: 'Котел у гаражі' })).statusCode).toBe(200)
    expect((await attributes(owner.token)).name).toBe('Котел у гаражі')
  })

  it('shows what the device reported (telemetry, presence) as soon as the ingest stored it', async () => {
    const client = await connectDevice(app.deviceLink!.transport.address, device)
    clients.push(client)
    await app.deviceLink!.settle()
    await warm(owner.token)
    for (const gas of [171, 172]) {
      await publish(client, device.serial, 'telemetry', telemetry({ gas_temp: gas, seq: gas }))
      await app.deviceLink!.settle()
      expect((await attributes(owner.token)).gas_temp).toBe(gas)
    }
  })

  it('follows a share granted, changed and revoked, and the level leaving the device', async () => {
    const shares = `/api/v2/items/${device.itemId}/shares`
    expect((await warm(viewer.token)).statusCode).toBe(404)
    const granted = await app.inject({
      method: 'POST',
      url: shares,
      headers: bearer(owner.token),
      payload: { email: viewer.email, access: 'viewer' },
    })
    expect(granted.statusCode).toBe(201)
    const shareId = granted.json<{ data: { id: string } }>().data.id
    expect((await attributes(viewer.token)).access).toBe('viewer')
    await warm(viewer.token)
    const changed = await app.inject({
      method: 'PATCH',
      url: `${shares}/${shareId}`,
      headers: bearer(owner.token),
      payload: { access: 'operator' },
    })
    expect(changed.statusCode).toBe(200)
    expect((await attributes(viewer.token)).access).toBe('operator')
    await warm(viewer.token)
    const revoked = await app.inject({
      method: 'DELETE',
      url: `${shares}/${shareId}`,
      headers: bearer(owner.token),
    })
    expect(revoked.statusCode).toBe(204)
    expect((await read(viewer.token)).statusCode).toBe(404)
  })

  it('follows the category, the picture and a new pairing code', async () => {
    await warm(owner.token)
    const [other] = await app.db.select().from(categories).where(eq(categories.id, 2))
    expect(other).toBeDefined()
    expect((await patch(owner.token, { category_id: '2' })).statusCode).toBe(200)
    const res = await read(owner.token)
    expect(res.json().data.relationships.category.data.id).toBe('2')

    await warm(owner.token)
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    )
    const boundary = '----teplo-cache-test'
    const upload = await app.inject({
      method: 'POST',
      url: `/api/v2/uploads/items/${device.itemId}/image`,
      headers: { ...bearer(owner.token), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="attachment"; filename="p.png"\r\n` +
            'Content-Type: image/png\r\n\r\n',
        ),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    })
    expect(upload.statusCode).toBe(201)
    expect((await attributes(owner.token)).image).toBeTruthy()

    await warm(owner.token)
    const code = await app.inject({
      method: 'POST',
      url: `/api/v2/items/${device.itemId}/pairing-code`,
      headers: bearer(owner.token),
    })
    expect(code.statusCode).toBe(200)
    expect((await attributes(owner.token)).verification_token).toBeTruthy()
  })

  it('follows a handover: the previous holder keeps nothing, at once', async () => {
    await warm(owner.token)
    await warm(adminToken)
    const moved = await patch(adminToken, { user_id: String(viewer.id) })
    expect(moved.statusCode).toBe(200)
    // A handover ends every access of the previous household, the creator who held it included (ADR 033).
    expect((await read(owner.token)).statusCode).toBe(404)
    expect((await attributes(viewer.token)).access).toBe('owner')
    const back = await patch(adminToken, { user_id: String(owner.id) })
    expect(back.statusCode).toBe(200)
    expect((await attributes(owner.token)).access).toBe('owner')
  })

  it('fills the device list from memory too, its page and access always from the database', async () => {
    const list = async (token: string) => {
      const res = await app.inject({
        method: 'GET',
        url: '/api/v2/items?include=category',
        headers: bearer(token),
      })
      expect(res.statusCode).toBe(200)
      const body = res.json<{ data: { id: string; attributes: Record<string, unknown> }[] }>()
      return body.data.find((resource) => resource.id === String(device.itemId))?.attributes
    }
    await list(owner.token)
    await list(owner.token)
    await app.db.update(items).set({ name: 'Список не знає' }).where(eq(items.id, device.itemId))
    expect((await list(owner.token))?.name).not.toBe('Список не знає')
    app.events.emit('item.updated', { itemId: device.itemId })
    expect((await list(owner.token))?.name).toBe('Список не знає')
    expect((await patch(owner.token, { name: 'Котел зі списку' })).statusCode).toBe(200)
    expect((await list(owner.token))?.name).toBe('Котел зі списку')

    // A share granted and revoked: the list's page is read from the database, the device from memory.
    const shares = `/api/v2/items/${device.itemId}/shares`
    const granted = await app.inject({
      method: 'POST',
      url: shares,
      headers: bearer(owner.token),
      payload: { email: viewer.email, access: 'viewer' },
    })
    expect(granted.statusCode).toBe(201)
    expect((await list(viewer.token))?.access).toBe('viewer')
    expect((await list(viewer.token))?.verification_token).toBeNull()
    const shareId = granted.json<{ data: { id: string } }>().data.id
    const revoked = await app.inject({
      method: 'DELETE',
      url: `${shares}/${shareId}`,
      headers: bearer(owner.token),
    })
    expect(revoked.statusCode).toBe(204)
    expect(await list(viewer.token)).toBeUndefined()
  })

  it('remembers a page of the list until any change is announced, a device type renamed included', async () => {
    const page = async (token: string) => {
      const res = await app.inject({
        method: 'GET',
        url: '/api/v2/items?include=category',
        headers: bearer(token),
      })
      expect(res.statusCode).toBe(200)
      return res.json<{
        data: { id: string }[]
        included: { id: string; attributes: { name: string } }[]
        meta: { page: { total: number } }
      }>()
    }
    const before = await page(viewer.token)
    await page(viewer.token)
    // A share written behind the server's back: the remembered page does not know it yet.
    await app.db.insert(itemShares).values({ itemId: device.itemId, userId: viewer.id, access: 'viewer' })
    expect((await page(viewer.token)).meta.page.total).toBe(before.meta.page.total)
    app.events.emit('item.updated', { itemId: device.itemId })
    const after = await page(viewer.token)
    expect(after.meta.page.total).toBe(before.meta.page.total + 1)
    expect(after.data.map((resource) => resource.id)).toContain(String(device.itemId))

    // A type of its own (the seeded ones may not be renamed), given to the device.
    const created = await app.inject({
      method: 'POST',
      url: '/api/v2/categories',
      headers: bearer(adminToken),
      payload: { name: 'Тип для кешу', description: '' },
    })
    expect(created.statusCode).toBe(201)
    const categoryId = created.json<{ data: { id: string } }>().data.id
    expect((await patch(owner.token, { category_id: categoryId })).statusCode).toBe(200)
    const categoryUrl = `/api/v2/categories/${categoryId}`
    await page(viewer.token)
    const renamed = await app.inject({
      method: 'PATCH',
      url: categoryUrl,
      headers: bearer(adminToken),
      payload: { name: 'Котел нового типу' },
    })
    expect(renamed.statusCode).toBe(200)
    const included = (await page(viewer.token)).included.find((c) => c.id === categoryId)
    expect(included?.attributes.name).toBe('Котел нового типу')
    await app.db
      .delete(itemShares)
      .where(and(eq(itemShares.itemId, device.itemId), eq(itemShares.userId, viewer.id)))
    app.events.emit('item.updated', { itemId: device.itemId })
    expect((await page(viewer.token)).meta.page.total).toBe(before.meta.page.total)
  })

  it("answers the web app's cache-busting reads from the same page, with their own links", async () => {
    const list = (stamp: number) =>
      app.inject({ method: 'GET', url: `/api/v2/items?_=${stamp}`, headers: bearer(owner.token) })
    await list(1)
    await app.db.update(items).set({ name: 'Без оголошення' }).where(eq(items.id, device.itemId))
    const second = (await list(2)).json<{
      data: { id: string; attributes: { name: string } }[]
      links: { first: string }
    }>()
    expect(second.links.first).toContain('_=2')
    expect(second.data.find((resource) => resource.id === String(device.itemId))?.attributes.name).not.toBe(
      'Без оголошення',
    )
    app.events.emit('item.updated', { itemId: device.itemId })
    const third = (await list(3)).json<{ data: { id: string; attributes: { name: string } }[] }>()
    expect(third.data.find((resource) => resource.id === String(device.itemId))?.attributes.name).toBe(
      'Без оголошення',
    )
  })

  it('follows archiving, an account deleted and the device deleted', async () => {
    await warm(owner.token)
    expect((await patch(owner.token, { status: 'archive' })).statusCode).toBe(200)
    expect((await attributes(owner.token)).status).toBe('archive')
    expect((await patch(owner.token, { status: 'off' })).statusCode).toBe(200)

    // A device of an account an administrator deletes goes with it.
    const leaving = await addPerson(app, 'cache-leaving@example.com', 'creator')
    const held = await provisionDevice(app, adminToken)
    const url = `/api/v2/items/${held.itemId}`
    expect(
      (
        await app.inject({
          method: 'PATCH',
          url,
          headers: bearer(adminToken),
          payload: { user_id: String(leaving.id) },
        })
      ).statusCode,
    ).toBe(200)
    for (let i = 0; i < 2; i++) {
      expect((await app.inject({ method: 'GET', url, headers: bearer(adminToken) })).statusCode).toBe(200)
    }
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/v2/users/${leaving.id}`,
      headers: bearer(adminToken),
    })
    expect(removed.statusCode).toBe(204)
    expect((await app.inject({ method: 'GET', url, headers: bearer(adminToken) })).statusCode).toBe(404)

    await warm(owner.token)
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/v2/items/${device.itemId}`,
      headers: bearer(owner.token),
    })
    expect(deleted.statusCode).toBe(204)
    expect((await read(owner.token)).statusCode).toBe(404)
  })
})
