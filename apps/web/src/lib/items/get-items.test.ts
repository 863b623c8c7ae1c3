import { describe, expect, it } from 'vitest'
import { stubFetch } from '../../test/fetch-stub'
import { getItems } from './get-items'
import { categoryResource, itemListDocument, itemResource } from './item-fixtures.test-data'

const listed = () =>
  itemListDocument(
    [itemResource('1', { name: 'Котел вдома' }), itemResource('2', { name: 'Дача' }, '3')],
    [categoryResource('1', 'Пелетний котел')],
  )

describe('getItems', () => {
  it('asks for every device of the caller with its type, on one page, by default', async () => {
    const calls = stubFetch(() => ({ status: 200, body: listed() }))
    await getItems({})
    expect(calls[0]?.url).toBe('/api/v2/items?include=category&page%5Bsize%5D=100')
    expect(calls[0]?.headers['cache-control']).toBeUndefined()
  })

  it("sends a user's filter and a sort", async () => {
    const calls = stubFetch(() => ({ status: 200, body: listed() }))
    await getItems({ userId: '4', sort: '-created_at' })
    const url = new URL(calls[0]!.url, 'http://localhost')
    expect(url.searchParams.get('filter[user_id]')).toBe('4')
    expect(url.searchParams.get('sort')).toBe('-created_at')
  })

  it('bypasses every cache when asked: no-cache headers and a timestamp', async () => {
    const calls = stubFetch(() => ({ status: 200, body: listed() }))
    await getItems({ noCache: true })
    expect(new URL(calls[0]!.url, 'http://localhost').searchParams.get('_')).toMatch(/^\d+$/)
    expect(calls[0]?.headers['cache-control']).toBe('no-cache')
    expect(calls[0]?.headers.pragma).toBe('no-cache')
  })

  it('joins each device with its included type, and none when the type is not included', async () => {
    stubFetch(() => ({ status: 200, body: listed() }))
    const [home, cottage] = await getItems({})
    expect(home).toMatchObject({
      id: '1',
      name: 'Котел вдома',
      category: { id: '1', name: 'Пелетний котел' },
    })
    expect(cottage).toMatchObject({ id: '2', name: 'Дача', category: null })
  })
})
