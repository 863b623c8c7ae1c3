import { beforeAll, describe, expect, it } from 'vitest'
import { bearer, errorsOf, useDemoApp } from '../support/helper.ts'
import { addDevice, addPerson, type Person } from '../support/sharing-fixture.ts'

// Sparse fieldsets (jsonapi.org/format/1.1/#fetching-sparse-fieldsets): fields[type]=a,b keeps only those
// attributes and relationships of every resource of that type in a GET answer; an unknown member is a 400.
const demo = useDemoApp()

let owner: Person
let itemId: number

beforeAll(async () => {
  owner = await addPerson(demo.app, `fields-${Date.now()}@test.ua`, 'user')
  itemId = (await addDevice(demo.app, owner.id)).id
})

const get = (url: string, token = owner.token) =>
  demo.app.inject({ method: 'GET', url, headers: bearer(token) })

describe('fields[type]', () => {
  it('trims one resource to the attributes and relationships asked for', async () => {
    const res = await get(`/api/v2/items/${itemId}?fields[items]=name,status,category`)
    expect(res.statusCode).toBe(200)
    const { data } = res.json()
    expect(Object.keys(data.attributes).sort()).toEqual(['name', 'status'])
    expect(Object.keys(data.relationships)).toEqual(['category'])
    expect(data).toMatchObject({
      type: 'items',
      id: String(itemId),
      links: { self: `/api/v2/items/${itemId}` },
    })
  })

  it('trims every resource of a list and the included resources of their own type', async () => {
    const res = await get('/api/v2/items?include=category&fields[items]=name&fields[categories]=name')
    expect(res.statusCode).toBe(200)
    const document = res.json()
    expect(document.data.length).toBeGreaterThan(0)
    for (const item of document.data) {
      expect(Object.keys(item.attributes)).toEqual(['name'])
      expect(item.relationships).toEqual({})
    }
    expect(document.included.length).toBeGreaterThan(0)
    for (const category of document.included) expect(Object.keys(category.attributes)).toEqual(['name'])
    // The paging members stay.
    expect(document.meta.page.total).toBeGreaterThan(0)
  })

  it('with an empty list keeps no member, and a type the answer does not hold is a 400', async () => {
    const empty = await get(`/api/v2/items/${itemId}/schedule?fields[schedules]=`)
    expect(empty.statusCode).toBe(200)
    expect(empty.json().data.attributes).toEqual({})
    const other = await get(`/api/v2/items/${itemId}/schedule?fields[items]=name`)
    expect(other.statusCode).toBe(400)
    expect(errorsOf(other)[0]!.source?.parameter).toBe('fields[items]')
  })

  it('answers 400 naming the members the type does not have', async () => {
    const res = await get(`/api/v2/items/${itemId}?fields[items]=name,colour,size`)
    expect(res.statusCode).toBe(400)
    expect(errorsOf(res)[0]).toMatchObject({
      detail: 'fields[items]: невідомі поля: colour, size',
      source: { parameter: 'fields[items]' },
    })
    const twice = await get(`/api/v2/items/${itemId}?fields[items]=name&fields[items]=status`)
    expect(twice.statusCode).toBe(400)
  })

  it('is for reading: a change with fields is a 400, and nothing changes', async () => {
    const res = await demo.app.inject({
      method: 'PATCH',
      url: `/api/v2/items/${itemId}/schedule?fields[schedules]=enabled`,
      headers: bearer(owner.token),
      payload: { enabled: true },
    })
    expect(res.statusCode).toBe(400)
    expect((await get(`/api/v2/items/${itemId}/schedule`)).json().data.attributes.enabled).toBe(false)
  })
})
