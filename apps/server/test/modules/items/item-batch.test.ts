import { DEMO_ACCOUNTS, ITEM_BATCHES_PER_HOUR, topicFor } from '@teplo/domain'
import { inArray } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { items } from '../../../src/db/schema.ts'
import { registerBatch } from '../../../src/modules/items/item-batch.service.ts'
import { link, online, row, useDeviceLinkApp } from '../../support/device-link-harness.ts'
import { inbox, publish, telemetry, uniqueSerial, waitFor } from '../../support/device-support.ts'
import { bearer, loginAs } from '../../support/helper.ts'

// Bulk provisioning for manufacturers: many controllers registered and paired in one call.
useDeviceLinkApp()

const user = DEMO_ACCOUNTS.find((a) => a.role === 'user')!
const creator = DEMO_ACCOUNTS.find((a) => a.role === 'creator')!

const batch = (payload: unknown, token = link.adminToken, remoteAddress = '10.55.0.1') =>
  link.app.inject({
    method: 'POST',
    url: '/api/v2/items/batch',
    headers: bearer(token),
    payload: payload as Record<string, unknown>,
    remoteAddress,
  })

type Credentials = { id: string; attributes: { username: string; password: string; topic_prefix: string } }

async function itemsWithSerials(serials: string[]) {
  return link.app.db.select().from(items).where(inArray(items.serialNumber, serials))
}

describe('POST /items/batch', () => {
  it('registers and pairs every controller; each connects with its secret and gets its settings', async () => {
    const serials = [uniqueSerial(), uniqueSerial(), uniqueSerial()]
    const res = await batch({ owner: 'Склад', category_id: '1', serial_numbers: serials })
    expect(res.statusCode).toBe(201)
    const document = res.json<{ data: Credentials[]; meta: { count: number } }>()
    expect(document.meta.count).toBe(3)
    expect(document.data.map((c) => c.id)).toEqual(serials)
    for (const credentials of document.data) {
      expect(credentials.attributes.username).toBe(credentials.id)
      expect(credentials.attributes.password.length).toBeGreaterThanOrEqual(32)
    }
    const stored = await itemsWithSerials(serials)
    expect(stored).toHaveLength(3)
    for (const item of stored) {
      expect(item).toMatchObject({ status: 'connecting', owner: 'Склад', verificationToken: null })
      expect(item.name).toBe(`Пристрій ${item.serialNumber}`)
      // Only the hash is kept.
      expect(item.deviceSecretHash).not.toContain(document.data[0]!.attributes.password)
    }

    const first = document.data[0]!
    const client = await online({ serial: first.id, password: first.attributes.password })
    const desired = inbox(client, topicFor(first.id, 'settings/desired'))
    await client.subscribeAsync(topicFor(first.id, 'settings/desired'), { qos: 1 })
    await waitFor(() => desired.length > 0, 5000, 'desired settings')
    await publish(client, first.id, 'telemetry', telemetry())
    const item = stored.find((i) => i.serialNumber === first.id)!
    expect((await row(item.id)).status).toBe('on')
  })

  it('is for administrators only', async () => {
    const payload = { owner: 'Склад', category_id: '1', serial_numbers: [uniqueSerial()] }
    expect((await link.app.inject({ method: 'POST', url: '/api/v2/items/batch', payload })).statusCode).toBe(
      401,
    )
    for (const account of [user, creator]) {
      const token = await loginAs(link.app, account.email, account.password)
      expect((await batch(payload, token)).statusCode).toBe(403)
    }
    expect(await itemsWithSerials(payload.serial_numbers)).toHaveLength(0)
  })

  it('registers nothing when a serial repeats or is taken, and says which', async () => {
    const repeated = uniqueSerial()
    const twice = await batch({ owner: 'Склад', category_id: '1', serial_numbers: [repeated, repeated] })
    expect(twice.statusCode).toBe(422)
    expect(twice.json().errors[0].source.pointer).toBe('/data/attributes/serial_numbers/1')
    expect(await itemsWithSerials([repeated])).toHaveLength(0)

    const [existing] = await link.app.db.select().from(items).limit(1)
    const fresh = uniqueSerial()
    const taken = await batch({
      owner: 'Склад',
      category_id: '1',
      serial_numbers: [fresh, existing!.serialNumber],
    })
    expect(taken.statusCode).toBe(422)
    expect(taken.json().errors).toEqual([
      expect.objectContaining({ source: { pointer: '/data/attributes/serial_numbers/1' } }),
    ])
    expect(await itemsWithSerials([fresh])).toHaveLength(0)

    const tooMany = Array.from({ length: 501 }, () => uniqueSerial())
    expect((await batch({ owner: 'Склад', category_id: '1', serial_numbers: tooMany })).statusCode).toBe(422)
    expect((await batch({ owner: 'Склад', category_id: '999', serial_numbers: [fresh] })).statusCode).toBe(
      422,
    )
  })

  it('undoes the broker accounts it made when the broker fails midway (503 in the API)', async () => {
    const serials = [uniqueSerial(), uniqueSerial(), uniqueSerial()]
    const granted: string[] = []
    const revoked: string[] = []
    const broker = {
      grant: async (serial: string) => {
        if (granted.length === 2) throw new Error('no answer within 5 s')
        granted.push(serial)
      },
      revoke: async (serial: string) => {
        revoked.push(serial)
      },
    }
    const [admin] = await link.app.db.select().from(items).limit(1)
    const caller = { userId: admin!.userId, role: 'admin' as const }
    await expect(
      registerBatch(
        link.app.db,
        link.app.events,
        caller,
        { owner: 'Склад', category_id: '1', serial_numbers: serials },
        broker,
      ),
    ).rejects.toMatchObject({ status: 503, retryAfterSeconds: 30 })
    expect(revoked).toEqual(granted)
    expect(await itemsWithSerials(serials)).toHaveLength(0)
  })

  it(`allows ${ITEM_BATCHES_PER_HOUR} batches an hour per account, from any address`, async () => {
    // Earlier tests' batches of this account count too; each call here comes from another address.
    const token = link.adminToken
    let last = await batch({ owner: 'Склад', category_id: '1', serial_numbers: [uniqueSerial()] }, token)
    for (let i = 0; last.statusCode === 201 && i < ITEM_BATCHES_PER_HOUR + 5; i++) {
      last = await batch(
        { owner: 'Склад', category_id: '1', serial_numbers: [uniqueSerial()] },
        token,
        `10.55.1.${i + 2}`,
      )
    }
    expect(last.statusCode).toBe(429)
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0)
  })
})
