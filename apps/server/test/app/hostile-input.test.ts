import { describe, expect, it } from 'vitest'
import { bearer, useDemoApp } from '../support/helper.ts'

// Inputs an outside security test answered with 500: values the database refuses after validation passed.
type ErrorDoc = { errors: { status: string; source?: { pointer?: string; parameter?: string } }[] }

const demo = useDemoApp()

const NUL = 'name\u0000x'
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE'
const call = (method: Method, url: string, payload?: object, role = 'admin') =>
  demo.app.inject({ method, url, headers: bearer(demo.tokens[role]!), ...(payload ? { payload } : {}) })
const sources = (res: { json: () => unknown }) => (res.json() as ErrorDoc).errors.map((e) => e.source)

describe('control characters in text fields answer 422 on the field', () => {
  const cases: [Method, string, Record<string, unknown>, string, string?][] = [
    ['PATCH', '/api/v2/me', { name: NUL }, 'name', 'user'],
    ['POST', '/api/v2/help-requests', { name: NUL, problem: 'Не гріє' }, 'name'],
    ['POST', '/api/v2/help-requests', { name: 'Іван', problem: 'Не\u0000 гріє' }, 'problem'],
    ['POST', '/api/v2/roles', { name: NUL }, 'name'],
    ['POST', '/api/v2/tags', { name: NUL, color: '#aabbcc' }, 'name'],
    ['POST', '/api/v2/categories', { name: NUL }, 'name'],
    ['POST', '/api/v2/categories', { name: 'Котли', description: 'a\u0000b' }, 'description'],
    ['PATCH', '/api/v2/users/1', { name: NUL }, 'name'],
    ['POST', '/api/v2/register', { name: NUL, email: 'x@example.com' }, 'name'],
    [
      'POST',
      '/api/v2/items',
      { name: 'Котел', owner: 'a\u0007b', serial_number: '77', category_id: 1 },
      'owner',
    ],
    [
      'POST',
      '/api/v2/items',
      { owner: 'Іван', serial_number: '78', category_id: '9999999999' },
      'category_id',
    ],
    ['PATCH', '/api/v2/items/1', { user_id: 2147483648 }, 'user_id'],
    ['PATCH', '/api/v2/users/1', { profile_image: 'https://x/\u0000.png' }, 'profile_image'],
  ]
  it.each(cases)('%s %s %j', async (method, url, payload, field, role = 'admin') => {
    const res = await call(method, url, payload, role)
    expect(res.statusCode).toBe(422)
    expect(sources(res)).toContainEqual({ pointer: `/data/attributes/${field}` })
  })

  it('keeps line breaks and tabs in multi-line text', async () => {
    const res = await call('POST', '/api/v2/help-requests', { name: 'Іван', problem: 'Рядок 1\n\tРядок 2' })
    expect(res.statusCode).toBe(201)
  })
})

describe('ids and integer filters are strict decimal within the column', () => {
  const cases: [Method, string, string][] = [
    ['GET', '/api/v2/items?filter[name]=a%00b', 'filter[name]'],
    ['GET', '/api/v2/categories?filter[name]=a%00b', 'filter[name]'],
    ['GET', '/api/v2/tags?filter[name]=a%00b', 'filter[name]'],
    ['GET', '/api/v2/roles?filter[name]=a%00b', 'filter[name]'],
    ['GET', '/api/v2/users?filter[name]=a%00b', 'filter[name]'],
    ['GET', '/api/v2/users?filter[role]=admin%00', 'filter[role]'],
    ['GET', '/api/v2/users?filter[role]=99999999999999999999', 'filter[role]'],
    ['POST', '/api/v2/uploads/items/2147483648/image', 'id'],
    ['POST', '/api/v2/uploads/users/2147483648/profile-image', 'id'],
    ['GET', '/api/v2/items/%201', 'id'],
    ['GET', '/api/v2/items/1.0', 'id'],
    ['GET', '/api/v2/items/1e3', 'id'],
    ['GET', '/api/v2/items/01', 'id'],
    ['DELETE', '/api/v2/users/0x10', 'id'],
    ['GET', '/api/v2/users/2147483648', 'id'],
    ['GET', '/api/v2/items?filter[user_id]=%201', 'filter[user_id]'],
    ['GET', '/api/v2/items?page[number]=0x2', 'page[number]'],
  ]
  it.each(cases)('%s %s', async (method, url, parameter) => {
    const res = await call(method, url)
    expect(res.statusCode).toBe(400)
    expect(sources(res)).toContainEqual({ parameter })
  })

  it('still reads a role filter by id or by name', async () => {
    expect((await call('GET', '/api/v2/users?filter[role]=1')).statusCode).toBe(200)
    expect((await call('GET', '/api/v2/users?filter[role]=admin')).statusCode).toBe(200)
  })
})
