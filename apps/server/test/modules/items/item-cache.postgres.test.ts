import { DEMO_ACCOUNTS } from '@teplo/domain'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { beforeAll, describe, expect, it } from 'vitest'
import { items, users } from '../../../src/db/schema.ts'
import { waitFor } from '../../support/device-support.ts'
import { bearer, loginAs } from '../../support/helper.ts'
import { useTwoInstances } from '../../support/two-instances.ts'

// Runs only against PostgreSQL (vitest.config.ts includes *.postgres.test.ts when TEST_DATABASE_URL is set).
// Two instances on one database, as behind a load balancer: a device remembered by one is read again as soon as
// the other announces through LISTEN/NOTIFY that it changed, or that who may see it changed.
const instances = useTwoInstances()
let a: FastifyInstance
let b: FastifyInstance
let adminToken: string
let ownerToken: string
let viewer: { id: number; email: string; token: string }
let itemId: number

const creator = DEMO_ACCOUNTS.find((account) => account.role === 'creator')!
const adminAccount = DEMO_ACCOUNTS.find((account) => account.role === 'admin')!

beforeAll(async () => {
  ;({ a, b } = instances)
  adminToken = await loginAs(a, adminAccount.email, adminAccount.password)
  ownerToken = await loginAs(a, creator.email, creator.password)
  const roles = await a.inject({ method: 'GET', url: '/api/v2/roles', headers: bearer(adminToken) })
  const userRole = roles
    .json<{ data: { id: string; attributes: { name: string } }[] }>()
    .data.find((role) => role.attributes.name === 'user')!.id
  const created = await a.inject({
    method: 'POST',
    url: '/api/v2/users',
    headers: bearer(adminToken),
    payload: {
      name: 'Переглядач',
      email: 'cluster-viewer@example.com',
      password: 'long-enough-1',
      password_confirmation: 'long-enough-1',
      roles: [{ type: 'roles', id: userRole }],
    },
  })
  expect(created.statusCode).toBe(201)
  // A share goes at once only to a proven address (ADR 034); this account's address is taken as proven.
  await a.db
    .update(users)
    .set({ emailVerifiedAt: new Date() })
    .where(eq(users.email, 'cluster-viewer@example.com'))
  viewer = {
    id: Number(created.json<{ data: { id: string } }>().data.id),
    email: 'cluster-viewer@example.com',
    token: await loginAs(a, 'cluster-viewer@example.com', 'long-enough-1'),
  }
  const device = await a.inject({
    method: 'POST',
    url: '/api/v2/items',
    headers: bearer(ownerToken),
    payload: { name: 'Котел кластера', owner: 'Тест', serial_number: '771234', category_id: 1 },
  })
  expect(device.statusCode).toBe(201)
  itemId = Number(device.json<{ data: { id: string } }>().data.id)
  // The announcement of the new device reaches b and must not land in the middle of the first test.
  await new Promise((resolve) => setTimeout(resolve, 300))
})

const read = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'GET', url: `/api/v2/items/${itemId}`, headers: bearer(token) })
const attributes = async (app: FastifyInstance, token: string) => {
  const res = await read(app, token)
  return res.statusCode === 200
    ? res.json<{ data: { attributes: Record<string, unknown> } }>().data.attributes
    : null
}
const warm = async (app: FastifyInstance, token: string) => {
  await read(app, token)
  await read(app, token)
}

describe('the item cache across instances', () => {
  it('drops on one instance what another announces (here as the ingest does after storing a reading)', async () => {
    await warm(b, ownerToken)
    await a.db.update(items).set({ gasTemp: 181 }).where(eq(items.id, itemId))
    // Instance b answers from memory: nothing was announced yet.
    expect((await attributes(b, ownerToken))?.gas_temp).not.toBe(181)
    a.events.emit('item.updated', { itemId })
    await waitFor(async () => (await attributes(b, ownerToken))?.gas_temp === 181, 2000, 'the reading on b')
  })

  it('shows on the other instance a settings change made on one', async () => {
    await warm(b, ownerToken)
    const changed = await a.inject({
      method: 'PATCH',
      url: `/api/v2/items/${itemId}`,
      headers: bearer(ownerToken),
      payload: { name: 'Перейменовано на a' },
    })
    expect(changed.statusCode).toBe(200)
    await waitFor(
      async () => (await attributes(b, ownerToken))?.name === 'Перейменовано на a',
      2000,
      'the name on b',
    )
  })

  it("shows in the other instance's device list a change made on one", async () => {
    const name = async () => {
      const res = await b.inject({ method: 'GET', url: '/api/v2/items', headers: bearer(ownerToken) })
      return res
        .json<{ data: { id: string; attributes: { name: string } }[] }>()
        .data.find((resource) => resource.id === String(itemId))?.attributes.name
    }
    await name()
    await name()
    const changed = await a.inject({
      method: 'PATCH',
      url: `/api/v2/items/${itemId}`,
      headers: bearer(ownerToken),
      payload: { name: 'Список на b' },
    })
    expect(changed.statusCode).toBe(200)
    await waitFor(async () => (await name()) === 'Список на b', 2000, 'the name in the list on b')
  })

  it("shows in the other instance's list a device type renamed on one", async () => {
    const included = async () => {
      const res = await b.inject({
        method: 'GET',
        url: '/api/v2/items?include=category',
        headers: bearer(ownerToken),
      })
      return res.json<{ included: { id: string; attributes: { name: string } }[] }>().included
    }
    // A type of its own (the seeded ones may not be renamed), given to the device.
    const created = await a.inject({
      method: 'POST',
      url: '/api/v2/categories',
      headers: bearer(adminToken),
      payload: { name: 'Тип кластера', description: '' },
    })
    expect(created.statusCode).toBe(201)
    const category = created.json<{ data: { id: string } }>().data
    const moved = await a.inject({
      method: 'PATCH',
      url: `/api/v2/items/${itemId}`,
      headers: bearer(ownerToken),
      payload: { category_id: category.id },
    })
    expect(moved.statusCode).toBe(200)
    await waitFor(async () => (await included()).some((c) => c.id === category.id), 2000, 'the type on b')
    await included()
    const renamed = await a.inject({
      method: 'PATCH',
      url: `/api/v2/categories/${category.id}`,
      headers: bearer(adminToken),
      payload: { name: 'Перейменований тип' },
    })
    expect(renamed.statusCode).toBe(200)
    await waitFor(
      async () => (await included()).some((c) => c.attributes.name === 'Перейменований тип'),
      2000,
      'the renamed type on b',
    )
  })

  it('hides on the other instance a device whose share was revoked on one', async () => {
    const granted = await a.inject({
      method: 'POST',
      url: `/api/v2/items/${itemId}/shares`,
      headers: bearer(ownerToken),
      payload: { email: viewer.email, access: 'viewer' },
    })
    expect(granted.statusCode).toBe(201)
    await waitFor(
      async () => (await attributes(b, viewer.token))?.access === 'viewer',
      2000,
      'the share on b',
    )
    await warm(b, viewer.token)
    const shareId = granted.json<{ data: { id: string } }>().data.id
    const revoked = await a.inject({
      method: 'DELETE',
      url: `/api/v2/items/${itemId}/shares/${shareId}`,
      headers: bearer(ownerToken),
    })
    expect(revoked.statusCode).toBe(204)
    await waitFor(async () => (await read(b, viewer.token)).statusCode === 404, 2000, 'the revocation on b')
  })

  it('forgets on the other instance a device deleted on one', async () => {
    await warm(b, ownerToken)
    const deleted = await a.inject({
      method: 'DELETE',
      url: `/api/v2/items/${itemId}`,
      headers: bearer(ownerToken),
    })
    expect(deleted.statusCode).toBe(204)
    await waitFor(async () => (await read(b, ownerToken)).statusCode === 404, 2000, 'the deletion on b')
  })
})
