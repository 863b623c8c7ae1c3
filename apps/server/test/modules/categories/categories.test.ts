import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { items } from '../../../src/db/schema.ts'
import { bearer, JSON_API, useDemoApp } from '../../support/helper.ts'

type ErrorDoc = {
  errors: { status: string; detail: string; source?: { pointer?: string; parameter?: string } }[]
}
type Category = { type: string; id: string; attributes: { name: string; description: string } }
type ListDoc = { data: Category[]; meta: { page: Record<string, number> }; links: Record<string, string> }

const demo = useDemoApp()

const as = (role: string) => bearer(demo.tokens[role]!)
const get = (url: string, role = 'admin') => demo.app.inject({ method: 'GET', url, headers: as(role) })
const send = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, role = 'admin') =>
  demo.app.inject({ method, url, headers: as(role), ...(payload ? { payload } : {}) })
const firstError = (res: { json: () => unknown }) => (res.json() as ErrorDoc).errors[0]
const names = (res: { json: () => unknown }) => (res.json() as ListDoc).data.map((c) => c.attributes.name)

async function createCategory(name: string, description?: string, role = 'admin'): Promise<Category> {
  const res = await send(
    'POST',
    '/api/v2/categories',
    { name, ...(description ? { description } : {}) },
    role,
  )
  expect(res.statusCode).toBe(201)
  return res.json<{ data: Category }>().data
}

describe('categories list', () => {
  beforeAll(async () => {
    await createCategory('Kindbbb', 'second')
    await createCategory('Kindaaa', 'third')
    await createCategory('Kindccc', 'first')
  })

  it('pages by 5 by default with meta.page {currentPage, from, to, perPage, lastPage, total} and links', async () => {
    const res = await get('/api/v2/categories')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain(JSON_API)
    const body = res.json<ListDoc>()
    expect(body.data).toHaveLength(5)
    expect(body.data[0]).toMatchObject({
      type: 'categories',
      id: '1',
      attributes: { name: 'Пелетний котел' },
    })
    expect(body.meta.page).toEqual({ currentPage: 1, from: 1, to: 5, perPage: 5, lastPage: 2, total: 6 })
    expect(body.links).toMatchObject({
      first: expect.stringContaining('/api/v2/categories?'),
      next: expect.stringContaining('page%5Bnumber%5D=2'),
    })
    const beyond = (await get('/api/v2/categories?page[number]=9')).json<ListDoc>()
    expect(beyond.data).toEqual([])
    expect(beyond.meta.page).toMatchObject({ currentPage: 9, lastPage: 2, total: 6 })
  })

  it('filters by name (Ukrainian too, any case) and sorts by each column', async () => {
    expect(names(await get(`/api/v2/categories?filter[name]=${encodeURIComponent('КОТЕЛ')}`))).toEqual([
      'Пелетний котел',
      'Твердопаливний котел',
    ])
    const sorted = (sort: string) => get(`/api/v2/categories?filter[name]=kind&sort=${sort}`)
    expect(names(await sorted('name'))).toEqual(['Kindaaa', 'Kindbbb', 'Kindccc'])
    expect(names(await sorted('-name'))).toEqual(['Kindccc', 'Kindbbb', 'Kindaaa'])
    expect(names(await sorted('description'))).toEqual(['Kindccc', 'Kindbbb', 'Kindaaa'])
    expect(names(await sorted('-created_at'))).toEqual(['Kindccc', 'Kindaaa', 'Kindbbb'])
  })

  it.each([
    ['sort=color', 'sort'],
    ['page[size]=101', 'page[size]'],
    ['page[number]=two', 'page[number]'],
  ])('answers 400 for %s', async (query, parameter) => {
    const res = await get(`/api/v2/categories?${query}`)
    expect(res.statusCode).toBe(400)
    expect(firstError(res)?.source?.parameter).toBe(parameter)
  })
})

describe('categories by id', () => {
  it('creates (description optional), patches a subset and reads back', async () => {
    const created = await createCategory('Конденсаційний котел')
    expect(created.attributes.description).toBe('')
    const patched = await send('PATCH', `/api/v2/categories/${created.id}`, { description: 'Газовий' })
    expect(patched.statusCode).toBe(200)
    expect(patched.json().data.attributes).toMatchObject({
      name: 'Конденсаційний котел',
      description: 'Газовий',
    })
    const read = await get(`/api/v2/categories/${created.id}`, 'user')
    expect(read.json().data.attributes.description).toBe('Газовий')
  })

  it('answers 422 with pointers for invalid fields', async () => {
    const res = await send('POST', '/api/v2/categories', { name: '', description: 'x'.repeat(1001) })
    expect(res.statusCode).toBe(422)
    const errors = res.json<ErrorDoc>().errors
    expect(errors.find((e) => e.source?.pointer === '/data/attributes/name')?.detail).toBe(
      'Введіть назву категорії',
    )
    expect(errors.find((e) => e.source?.pointer === '/data/attributes/description')?.detail).toBe(
      'Опис має бути не довшим за 1000 символів',
    )
    const long = await send('PATCH', '/api/v2/categories/4', { name: 'x'.repeat(101) })
    expect(firstError(long)?.source?.pointer).toBe('/data/attributes/name')
  })

  it('refuses to change or delete the default categories', async () => {
    for (const id of [1, 2, 3]) {
      for (const res of [
        await send('PATCH', `/api/v2/categories/${id}`, { name: 'Renamed' }),
        await send('DELETE', `/api/v2/categories/${id}`),
      ]) {
        expect(res.statusCode).toBe(403)
        expect(firstError(res)?.detail).toBe('Стандартні типи пристроїв змінювати не можна.')
      }
    }
    expect((await get('/api/v2/categories/1')).json().data.attributes.name).toBe('Пелетний котел')
  })

  it('refuses to delete a category that still has devices, then deletes it once empty', async () => {
    const category = await createCategory('Тимчасовий')
    const [item] = await demo.app.db
      .insert(items)
      .values({ userId: 3, categoryId: Number(category.id), name: 'Test', serialNumber: '990001' })
      .returning({ id: items.id })
    const refused = await send('DELETE', `/api/v2/categories/${category.id}`, undefined, 'creator')
    expect(refused.statusCode).toBe(422)
    expect(firstError(refused)?.detail).toBe('До цього типу ще належать пристрої.')

    await demo.app.db.delete(items).where(eq(items.id, item!.id))
    expect((await send('DELETE', `/api/v2/categories/${category.id}`, undefined, 'creator')).statusCode).toBe(
      204,
    )
    expect((await get(`/api/v2/categories/${category.id}`)).statusCode).toBe(404)
  })

  it('answers 404 for a missing category and 400 for a non-numeric id', async () => {
    expect((await get('/api/v2/categories/4242')).statusCode).toBe(404)
    expect((await send('PATCH', '/api/v2/categories/4242', { name: 'x' })).statusCode).toBe(404)
    expect((await send('DELETE', '/api/v2/categories/4242')).statusCode).toBe(404)
    const bad = await get('/api/v2/categories/1e3x')
    expect(bad.statusCode).toBe(400)
    expect(firstError(bad)?.source?.parameter).toBe('id')
  })
})

describe('authorization: all signed-in users read, admin and creator write', () => {
  it('answers 401 without a token on every route', async () => {
    for (const [method, url] of [
      ['GET', '/api/v2/categories'],
      ['GET', '/api/v2/categories/1'],
      ['POST', '/api/v2/categories'],
      ['PATCH', '/api/v2/categories/4'],
      ['DELETE', '/api/v2/categories/4'],
    ] as const) {
      expect((await demo.app.inject({ method, url })).statusCode).toBe(401)
    }
  })

  it('lets the demo user read categories but answers 403 to every write', async () => {
    expect((await get('/api/v2/categories', 'user')).statusCode).toBe(200)
    expect((await get('/api/v2/categories/1', 'user')).statusCode).toBe(200)
    expect((await send('POST', '/api/v2/categories', { name: 'Mine' }, 'user')).statusCode).toBe(403)
    expect((await send('PATCH', '/api/v2/categories/4', { name: 'Mine' }, 'user')).statusCode).toBe(403)
    expect((await send('DELETE', '/api/v2/categories/4', undefined, 'user')).statusCode).toBe(403)
    expect((await get('/api/v2/categories/4')).json().data.attributes.name).toBe('Kindbbb')
  })

  it('lets the demo creator create, change and delete', async () => {
    const created = await createCategory('Від монтажника', 'опис', 'creator')
    const patched = await send('PATCH', `/api/v2/categories/${created.id}`, { name: 'Змінено' }, 'creator')
    expect(patched.statusCode).toBe(200)
    expect((await send('DELETE', `/api/v2/categories/${created.id}`, undefined, 'creator')).statusCode).toBe(
      204,
    )
  })
})
