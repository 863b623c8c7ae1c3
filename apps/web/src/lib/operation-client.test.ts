import {
  categoryOperations,
  itemOperations,
  profileOperations,
  uploadOperations,
  userOperations,
} from '@teplo/domain'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { stubFetch } from '../test/fetch-stub'
import { getToken, setToken } from './auth-token'
import { call } from './operation-client'

const category = {
  type: 'categories',
  id: '7',
  attributes: {
    name: 'Котел',
    description: null,
    created_at: '2026-11-27T10:00:00.000Z',
    updated_at: '2026-11-27T10:00:00.000Z',
  },
  links: { self: '/api/v2/categories/7' },
}

// The web calls declared operations (ADR 054): method and path from the declaration, never written by hand.
describe('call(operation, args)', () => {
  it('fills the path parameters, encoded, and sends a flat body as the JSON:API document of its type', async () => {
    const calls = stubFetch(() => ({ status: 200, body: { data: category } }))

    const answer = await call(categoryOperations.updateCategory, {
      params: { id: '7' },
      body: { name: 'Котел' },
    })

    expect(calls[0]).toMatchObject({
      url: '/api/v2/categories/7',
      method: 'PATCH',
      body: { data: { type: 'categories', id: '7', attributes: { name: 'Котел' } } },
    })
    expect(calls[0]?.headers['content-type']).toBe('application/vnd.api+json')
    expect(answer.data.id).toBe('7')
  })

  it('creates without an id and lists with the query the operation declares', async () => {
    const calls = stubFetch((sent) =>
      sent.method === 'POST'
        ? { status: 201, body: { data: category } }
        : { status: 200, body: { data: [category], meta: {}, links: {} } },
    )

    await call(categoryOperations.createCategory, { body: { name: 'Котел', description: 'Пелетний' } })
    await call(categoryOperations.listCategories, { query: { sort: '-name', 'page[number]': 2 } })

    expect(calls[0]?.body).toEqual({
      data: { type: 'categories', attributes: { name: 'Котел', description: 'Пелетний' } },
    })
    expect(calls[1]?.url).toBe('/api/v2/categories?sort=-name&page%5Bnumber%5D=2')
    expect(calls[1]?.method).toBe('GET')
  })

  it('deletes with no body and refuses to build a path without its parameter', async () => {
    const calls = stubFetch(() => ({ status: 204 }))

    await call(categoryOperations.deleteCategory, { params: { id: '7' } })
    expect(calls[0]).toMatchObject({ url: '/api/v2/categories/7', method: 'DELETE', body: undefined })

    expect(() => call(categoryOperations.getCategory, { params: {} as { id: string } })).toThrow(
      'getCategory: missing path parameter id',
    )
  })

  describe('an upload', () => {
    afterEach(() => vi.unstubAllGlobals())

    it('sends its form as is, multipart, to the declared path', async () => {
      const sent: RequestInit[] = []
      vi.stubGlobal(
        'fetch',
        vi.fn(async (_url: string, init: RequestInit) => {
          sent.push(init)
          return new Response(JSON.stringify({ url: '/uploads/users/42/a.png' }), { status: 201 })
        }),
      )
      const form = new FormData()
      form.append('attachment', new File(['png'], 'a.png', { type: 'image/png' }))

      const answer = await call(uploadOperations.uploadProfileImage, { params: { id: '42' }, body: form })

      const fetched = vi.mocked(fetch).mock.calls[0]
      expect(fetched?.[0]).toBe('/api/v2/uploads/users/42/profile-image')
      expect(sent[0]?.method).toBe('POST')
      expect(sent[0]?.body).toBe(form)
      // fetch writes the multipart type with its boundary.
      expect(new Headers(sent[0]?.headers).has('content-type')).toBe(false)
      expect(answer.url).toBe('/uploads/users/42/a.png')
    })
  })

  it('sends the members an operation declares as relationships as relationships, to-one and to-many', async () => {
    const calls = stubFetch(() => ({ status: 500 }))
    await call(itemOperations.updateItem, {
      params: { id: '3' },
      body: { name: 'Котел вдома', category_id: '2', user_id: 9 },
    }).catch(() => undefined)
    expect(calls[0]?.body).toEqual({
      data: {
        type: 'items',
        id: '3',
        attributes: { name: 'Котел вдома' },
        relationships: {
          category: { data: { type: 'categories', id: '2' } },
          user: { data: { type: 'users', id: '9' } },
        },
      },
    })

    await call(userOperations.createUser, {
      body: {
        name: 'Олена',
        email: 'olena@example.com',
        password: 'secret-pass',
        password_confirmation: 'secret-pass',
        roles: [{ type: 'roles', id: '2' }],
      },
    }).catch(() => undefined)
    const created = calls[1]?.body as { data: { attributes: object; relationships: object } }
    expect(created.data.relationships).toEqual({ roles: { data: [{ type: 'roles', id: '2' }] } })
    expect(created.data.attributes).not.toHaveProperty('roles')
  })

  it('keeps the session when asked to and a 401 comes back', async () => {
    setToken('session')
    stubFetch(() => ({ status: 401, body: { errors: [{ status: '401', title: 'Unauthorized' }] } }))
    await expect(
      call(profileOperations.checkPassword, { body: { password: 'wrong' } }, { keepTokenOn401: true }),
    ).rejects.toMatchObject({ status: 401 })
    expect(getToken()).toBe('session')
  })
})
