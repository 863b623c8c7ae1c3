import { beforeAll, describe, expect, it } from 'vitest'
import { bearer, JSON_API, useDemoApp } from '../../support/helper.ts'

type ErrorDoc = {
  errors: { status: string; detail: string; source?: { pointer?: string; parameter?: string } }[]
}
type Tag = { type: string; id: string; attributes: { name: string; color: string; created_at: string } }
type ListDoc = { data: Tag[]; meta: { page: Record<string, number> }; links: Record<string, string> }

const demo = useDemoApp()

const as = (role: string) => bearer(demo.tokens[role]!)
const get = (url: string, role = 'admin') => demo.app.inject({ method: 'GET', url, headers: as(role) })
const send = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, role = 'admin') =>
  demo.app.inject({ method, url, headers: as(role), ...(payload ? { payload } : {}) })
const firstError = (res: { json: () => unknown }) => (res.json() as ErrorDoc).errors[0]
const names = (res: { json: () => unknown }) => (res.json() as ListDoc).data.map((t) => t.attributes.name)

describe('tags list', () => {
  beforeAll(async () => {
    for (const [name, color] of [
      ['Warm', '#FF0000'],
      ['Cold', '#0000ff'],
      ['Lukewarm', '#00ff00'],
      ['Hot', '#aa0000'],
      ['Frozen', '#000011'],
      ['Mild', '#777777'],
    ]) {
      expect((await send('POST', '/api/v2/tags', { name, color })).statusCode).toBe(201)
    }
  })

  it('pages by 5 by default, oldest first, with meta and links', async () => {
    const res = await get('/api/v2/tags')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain(JSON_API)
    expect(names(res)).toEqual(['Warm', 'Cold', 'Lukewarm', 'Hot', 'Frozen'])
    const body = res.json<ListDoc>()
    expect(body.meta.page).toEqual({ currentPage: 1, from: 1, to: 5, perPage: 5, lastPage: 2, total: 6 })
    expect(body.links.next).toContain('page%5Bnumber%5D=2')
    const second = await get(body.links.next!)
    expect(names(second)).toEqual(['Mild'])
    expect(second.json<ListDoc>().meta.page).toMatchObject({ currentPage: 2, from: 6, to: 6 })
    expect(second.json<ListDoc>().links.next).toBeUndefined()
  })

  it('filters by name and sorts by colour and name both ways', async () => {
    expect(names(await get('/api/v2/tags?filter[name]=WARM&sort=name'))).toEqual(['Lukewarm', 'Warm'])
    expect(names(await get('/api/v2/tags?filter[name]=warm&sort=-name'))).toEqual(['Warm', 'Lukewarm'])
    // Colours are stored lower-case, so '#FF0000' sorts as '#ff0000'.
    expect(names(await get('/api/v2/tags?sort=color&page[size]=3'))).toEqual(['Frozen', 'Cold', 'Lukewarm'])
    expect(names(await get('/api/v2/tags?sort=-color&page[size]=2'))).toEqual(['Warm', 'Hot'])
    expect(names(await get('/api/v2/tags?sort=-created_at&page[size]=1'))).toEqual(['Mild'])
  })

  it.each([
    ['sort=description', 'sort'],
    ['page[size]=500', 'page[size]'],
    ['page[number]=-1', 'page[number]'],
    ['page[number]=first', 'page[number]'],
  ])('answers 400 for %s', async (query, parameter) => {
    const res = await get(`/api/v2/tags?${query}`)
    expect(res.statusCode).toBe(400)
    expect(firstError(res)?.source?.parameter).toBe(parameter)
  })
})

describe('tags by id', () => {
  it('creates, reads, patches any subset and deletes', async () => {
    const created = await send('POST', '/api/v2/tags', { name: 'Urgent', color: '#DC3545' })
    expect(created.statusCode).toBe(201)
    const tag = created.json<{ data: Tag }>().data
    expect(tag).toMatchObject({ type: 'tags', attributes: { name: 'Urgent', color: '#dc3545' } })

    const renamed = await send('PATCH', `/api/v2/tags/${tag.id}`, { name: 'Very urgent' })
    expect(renamed.statusCode).toBe(200)
    expect(renamed.json().data.attributes).toMatchObject({ name: 'Very urgent', color: '#dc3545' })
    const recoloured = await send('PATCH', `/api/v2/tags/${tag.id}`, {
      data: { type: 'tags', id: tag.id, attributes: { color: '#17a2b8' } },
    })
    expect(recoloured.json().data.attributes).toMatchObject({ name: 'Very urgent', color: '#17a2b8' })

    const read = await get(`/api/v2/tags/${tag.id}`, 'user')
    expect(read.statusCode).toBe(200)
    expect(read.json().data.attributes.name).toBe('Very urgent')

    expect((await send('DELETE', `/api/v2/tags/${tag.id}`)).statusCode).toBe(204)
    expect((await get(`/api/v2/tags/${tag.id}`)).statusCode).toBe(404)
    expect((await send('PATCH', `/api/v2/tags/${tag.id}`, { name: 'ghost' })).statusCode).toBe(404)
  })

  it('answers 422 with pointers for a missing name and a malformed colour', async () => {
    const res = await send('POST', '/api/v2/tags', { name: ' ', color: 'red' })
    expect(res.statusCode).toBe(422)
    const errors = res.json<ErrorDoc>().errors
    expect(errors.find((e) => e.source?.pointer === '/data/attributes/name')?.detail).toBe(
      'Введіть назву тегу',
    )
    expect(errors.find((e) => e.source?.pointer === '/data/attributes/color')?.detail).toBe(
      'Колір має бути у форматі #rrggbb',
    )
    const missingColour = await send('POST', '/api/v2/tags', { name: 'No colour' })
    expect(firstError(missingColour)).toMatchObject({
      detail: 'Оберіть колір',
      source: { pointer: '/data/attributes/color' },
    })
    const badPatch = await send('PATCH', '/api/v2/tags/1', { color: '#12345' })
    expect(badPatch.statusCode).toBe(422)
  })
})

describe('authorization: everyone signed in reads tags, administrators write them', () => {
  it('answers 401 without a token on every route', async () => {
    for (const [method, url] of [
      ['GET', '/api/v2/tags'],
      ['GET', '/api/v2/tags/1'],
      ['POST', '/api/v2/tags'],
      ['PATCH', '/api/v2/tags/1'],
      ['DELETE', '/api/v2/tags/1'],
    ] as const) {
      expect((await demo.app.inject({ method, url })).statusCode).toBe(401)
    }
  })

  it('lets the creator and the user read but not write', async () => {
    for (const role of ['creator', 'user']) {
      expect((await get('/api/v2/tags', role)).statusCode).toBe(200)
      expect((await get('/api/v2/tags/1', role)).statusCode).toBe(200)
      expect((await send('POST', '/api/v2/tags', { name: 'Mine', color: '#123456' }, role)).statusCode).toBe(
        403,
      )
      expect((await send('PATCH', '/api/v2/tags/1', { name: 'Mine' }, role)).statusCode).toBe(403)
      expect((await send('DELETE', '/api/v2/tags/1', undefined, role)).statusCode).toBe(403)
    }
    expect((await get('/api/v2/tags/1')).json().data.attributes.name).toBe('Warm')
  })
})
