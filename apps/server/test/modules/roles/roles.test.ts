import { DEMO_ACCOUNTS } from '@teplo/domain'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { userRoles, users } from '../../../src/db/schema.ts'
import { bearer, build, JSON_API, loginAs, type TestApp } from '../../support/helper.ts'

type ErrorDoc = {
  errors: { status: string; detail: string; source?: { pointer?: string; parameter?: string } }[]
}
type Role = { type: string; id: string; attributes: { name: string; created_at: string; updated_at: string } }
type ListDoc = { data: Role[]; meta: { page: Record<string, number> }; links: Record<string, string> }

const account = (role: string) => DEMO_ACCOUNTS.find((a) => a.role === role)!

let app: TestApp
const tokens: Record<string, string> = {}
beforeAll(async () => {
  app = await build()
  for (const role of ['admin', 'creator', 'user']) {
    tokens[role] = await loginAs(app, account(role).email, account(role).password)
  }
})
afterAll(async () => {
  await app?.closeAll()
})

const as = (role: string) => bearer(tokens[role]!)
const get = (url: string, role = 'admin') => app.inject({ method: 'GET', url, headers: as(role) })
const send = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, role = 'admin') =>
  app.inject({
    method,
    url,
    headers: as(role),
    ...(payload === undefined ? {} : { payload: payload as object }),
  })
const firstError = (body: ErrorDoc) => body.errors[0]

async function createRole(name: string): Promise<Role> {
  const res = await send('POST', '/api/v2/roles', { name })
  expect(res.statusCode).toBe(201)
  return res.json<{ data: Role }>().data
}

describe('GET /api/v2/roles', () => {
  beforeAll(async () => {
    for (const name of ['Sortbbb', 'Sortaaa', 'Sortccc']) await createRole(name)
  })

  it('pages by 5 by default, oldest first, with meta.page and links', async () => {
    const res = await get('/api/v2/roles')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain(JSON_API)
    const body = res.json<ListDoc>()
    expect(body.data.map((r) => r.attributes.name)).toEqual([
      'admin',
      'creator',
      'user',
      'Sortbbb',
      'Sortaaa',
    ])
    expect(body.data[0]).toMatchObject({ type: 'roles', id: '1', links: { self: '/api/v2/roles/1' } })
    expect(body.data[0]?.attributes.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
    expect(body.meta.page).toEqual({ currentPage: 1, from: 1, to: 5, perPage: 5, lastPage: 2, total: 6 })
    expect(body.links.prev).toBeUndefined()
    expect(body.links.next).toContain('page%5Bnumber%5D=2')
    expect(body.links.last).toContain('page%5Bnumber%5D=2')
  })

  it('answers the requested page and size', async () => {
    const body = (await get('/api/v2/roles?page[size]=2&page[number]=2')).json<ListDoc>()
    expect(body.data.map((r) => r.attributes.name)).toEqual(['user', 'Sortbbb'])
    expect(body.meta.page).toEqual({ currentPage: 2, from: 3, to: 4, perPage: 2, lastPage: 3, total: 6 })
    expect(body.links.prev).toContain('page%5Bnumber%5D=1')
    expect(body.links.next).toContain('page%5Bnumber%5D=3')
  })

  it('filters by name, case-insensitively, as a substring', async () => {
    const body = (await get('/api/v2/roles?filter[name]=SORT')).json<ListDoc>()
    expect(body.data.map((r) => r.attributes.name)).toEqual(['Sortbbb', 'Sortaaa', 'Sortccc'])
    expect(body.meta.page.total).toBe(3)
    const none = (await get('/api/v2/roles?filter[name]=%25')).json<ListDoc>()
    expect(none.data).toEqual([])
    expect(none.meta.page).toMatchObject({ total: 0, from: 0, to: 0, lastPage: 1 })
  })

  it('sorts by name both ways and by created_at descending', async () => {
    const names = async (sort: string) =>
      (await get(`/api/v2/roles?filter[name]=sort&sort=${sort}`))
        .json<ListDoc>()
        .data.map((r) => r.attributes.name)
    expect(await names('name')).toEqual(['Sortaaa', 'Sortbbb', 'Sortccc'])
    expect(await names('-name')).toEqual(['Sortccc', 'Sortbbb', 'Sortaaa'])
    expect(await names('-created_at')).toEqual(['Sortccc', 'Sortaaa', 'Sortbbb'])
  })

  it.each([
    ['sort=color', 'sort'],
    ['sort=-password', 'sort'],
    ['page[size]=101', 'page[size]'],
    ['page[size]=0', 'page[size]'],
    ['page[number]=abc', 'page[number]'],
    ['page[number]=1.5', 'page[number]'],
  ])('answers 400 for %s', async (query, parameter) => {
    const res = await get(`/api/v2/roles?${query}`)
    expect(res.statusCode).toBe(400)
    expect(firstError(res.json())?.source?.parameter).toBe(parameter)
  })

  it('accepts the largest page size', async () => {
    const res = await get('/api/v2/roles?page[size]=100')
    expect(res.json<ListDoc>().meta.page.perPage).toBe(100)
  })
})

describe('roles by id', () => {
  it('answers one role and 404 for a missing one, 400 for a non-numeric id', async () => {
    const one = await get('/api/v2/roles/2')
    expect(one.statusCode).toBe(200)
    expect(one.json().data).toMatchObject({ type: 'roles', id: '2', attributes: { name: 'creator' } })
    expect((await get('/api/v2/roles/9999')).statusCode).toBe(404)
    const bad = await get('/api/v2/roles/abc')
    expect(bad.statusCode).toBe(400)
    expect(firstError(bad.json())?.source?.parameter).toBe('id')
  })

  it('creates from a JSON:API document and renames with PATCH', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v2/roles',
      headers: { ...as('admin'), 'content-type': JSON_API },
      payload: JSON.stringify({ data: { type: 'roles', attributes: { name: '  engineer ' } } }),
    })
    expect(res.statusCode).toBe(201)
    expect(res.headers['content-type']).toContain(JSON_API)
    const created = res.json<{ data: Role }>().data
    expect(created.attributes.name).toBe('engineer')

    const patched = await send('PATCH', `/api/v2/roles/${created.id}`, { name: 'service engineer' })
    expect(patched.statusCode).toBe(200)
    expect(patched.json().data.attributes.name).toBe('service engineer')
    expect((await get(`/api/v2/roles/${created.id}`)).json().data.attributes.name).toBe('service engineer')
  })

  it('answers 422 on name for a blank, too long or taken name', async () => {
    for (const [payload, detail] of [
      [{}, 'Введіть назву ролі'],
      [{ name: '   ' }, 'Введіть назву ролі'],
      [{ name: 'x'.repeat(51) }, 'Назва ролі має бути не довшою за 50 символів'],
      [{ name: 'ADMIN' }, 'Роль з такою назвою вже існує.'],
    ] as const) {
      const res = await send('POST', '/api/v2/roles', payload)
      expect(res.statusCode).toBe(422)
      expect(firstError(res.json())).toMatchObject({ detail, source: { pointer: '/data/attributes/name' } })
    }
    const other = await createRole('auditor')
    const clash = await send('PATCH', `/api/v2/roles/${other.id}`, { name: 'Creator' })
    expect(clash.statusCode).toBe(422)
    expect(firstError(clash.json())?.source?.pointer).toBe('/data/attributes/name')
  })

  it('refuses to change or delete the default roles', async () => {
    for (const id of [1, 2, 3]) {
      const patch = await send('PATCH', `/api/v2/roles/${id}`, { name: `renamed-${id}` })
      expect(patch.statusCode).toBe(403)
      expect(firstError(patch.json())?.detail).toBe('Стандартні ролі змінювати не можна.')
      const del = await send('DELETE', `/api/v2/roles/${id}`)
      expect(del.statusCode).toBe(403)
      expect(firstError(del.json())?.detail).toBe('Стандартні ролі змінювати не можна.')
    }
    expect((await get('/api/v2/roles/1')).json().data.attributes.name).toBe('admin')
  })

  it('refuses to delete a role that has users, and deletes it once it has none', async () => {
    const role = await createRole('installer')
    const [holder] = await app.db
      .insert(users)
      .values({ name: 'Holder', email: 'holder@example.com', passwordHash: 'unused' })
      .returning({ id: users.id })
    await app.db.insert(userRoles).values({ userId: holder!.id, roleId: Number(role.id) })

    const refused = await send('DELETE', `/api/v2/roles/${role.id}`)
    expect(refused.statusCode).toBe(422)
    expect(firstError(refused.json())?.detail).toBe('Ця роль має користувачів.')

    await app.db.delete(users).where(eq(users.id, holder!.id))
    const deleted = await send('DELETE', `/api/v2/roles/${role.id}`)
    expect(deleted.statusCode).toBe(204)
    expect(deleted.body).toBe('')
    expect((await get(`/api/v2/roles/${role.id}`)).statusCode).toBe(404)
    expect((await send('DELETE', `/api/v2/roles/${role.id}`)).statusCode).toBe(404)
  })
})

describe('authorization: roles are for administrators only', () => {
  const routes = [
    ['GET', '/api/v2/roles'],
    ['GET', '/api/v2/roles/1'],
    ['POST', '/api/v2/roles'],
    ['PATCH', '/api/v2/roles/1'],
    ['DELETE', '/api/v2/roles/1'],
  ] as const

  it.each(routes)('%s %s answers 401 without a token', async (method, url) => {
    const res = await app.inject({ method, url, payload: method === 'GET' ? undefined : { name: 'x' } })
    expect(res.statusCode).toBe(401)
    expect(res.headers['content-type']).toContain(JSON_API)
  })

  it.each(routes)('%s %s answers 403 to the demo creator and the demo user', async (method, url) => {
    for (const role of ['creator', 'user']) {
      const res = await app.inject({
        method,
        url,
        headers: as(role),
        payload: method === 'GET' ? undefined : { name: 'hijack' },
      })
      expect(res.statusCode).toBe(403)
    }
    expect((await get('/api/v2/roles?filter[name]=hijack')).json<ListDoc>().data).toEqual([])
  })
})
