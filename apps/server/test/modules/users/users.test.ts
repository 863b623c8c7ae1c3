import { beforeAll, describe, expect, it } from 'vitest'
import { bearer, errorsOf, JSON_API, loginAs } from '../../support/helper.ts'
import { type ListDoc, type User, useUsersApp } from '../../support/users-fixture.ts'

const { demo, as, get, send, errorAt, names, roleRef, newUser, createUser } = useUsersApp()

describe('GET /api/v2/users', () => {
  beforeAll(async () => {
    await createUser('Zorro Person', 'a.person@example.com', 2)
    await createUser('Anna Person', 'z.person@example.com', 3)
    await createUser('Mira Person', 'm.person@example.com', 1)
  })

  it('pages by 5 by default, oldest first, and never shows password hashes', async () => {
    const res = await get('/api/v2/users')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain(JSON_API)
    const body = res.json<ListDoc>()
    expect(body.data.map((u) => u.attributes.email)).toEqual([
      'admin@teplo.demo',
      'creator@teplo.demo',
      'user@teplo.demo',
      'a.person@example.com',
      'z.person@example.com',
    ])
    expect(Object.keys(body.data[0]!.attributes).sort()).toEqual([
      'created_at',
      'email',
      'name',
      'profile_image',
      'updated_at',
    ])
    expect(res.body).not.toContain('scrypt')
    expect(body.data[0]?.relationships.roles.data).toEqual([roleRef(1)])
    expect(body.included).toBeUndefined()
    expect(body.meta.page).toEqual({ currentPage: 1, from: 1, to: 5, perPage: 5, lastPage: 2, total: 6 })
    expect(body.links.next).toContain('page%5Bnumber%5D=2')
  })

  it('includes the roles when asked and keeps filters in the links', async () => {
    const res = await get('/api/v2/users?include=roles&filter[name]=person&page[size]=2')
    const body = res.json<ListDoc>()
    expect(body.data.map((u) => u.relationships.roles.data[0]?.id)).toEqual(['2', '3'])
    expect(body.included?.map((r) => [r.type, r.id, r.attributes.name])).toEqual([
      ['roles', '2', 'creator'],
      ['roles', '3', 'user'],
    ])
    expect(body.links.next).toContain('include=roles')
    expect(body.links.next).toContain('filter%5Bname%5D=person')
  })

  it('finds a person by e-mail as well as by name', async () => {
    expect(names(await get('/api/v2/users?filter[name]=TEPLO.DEMO&sort=name')).sort()).toEqual(
      ['Адміністратор', 'Власник котла', 'Монтажник'].sort(),
    )
  })

  it('filters by name and by role name or id', async () => {
    expect(names(await get('/api/v2/users?filter[name]=PERSON'))).toEqual([
      'Zorro Person',
      'Anna Person',
      'Mira Person',
    ])
    expect(names(await get('/api/v2/users?filter[role]=admin'))).toEqual(['Адміністратор', 'Mira Person'])
    expect(names(await get('/api/v2/users?filter[role]=Creator'))).toEqual(['Монтажник', 'Zorro Person'])
    expect(names(await get('/api/v2/users?filter[role]=3&filter[name]=person'))).toEqual(['Anna Person'])
    expect(names(await get('/api/v2/users?filter[role]=nobody'))).toEqual([])
  })

  it('sorts by name, email and created_at both ways', async () => {
    const sorted = (sort: string) => get(`/api/v2/users?filter[name]=person&sort=${sort}`)
    expect(names(await sorted('name'))).toEqual(['Anna Person', 'Mira Person', 'Zorro Person'])
    expect(names(await sorted('-name'))).toEqual(['Zorro Person', 'Mira Person', 'Anna Person'])
    expect(names(await sorted('email'))).toEqual(['Zorro Person', 'Mira Person', 'Anna Person'])
    expect(names(await sorted('-email'))).toEqual(['Anna Person', 'Mira Person', 'Zorro Person'])
    expect(names(await sorted('-created_at'))).toEqual(['Mira Person', 'Anna Person', 'Zorro Person'])
  })

  it.each([
    ['sort=password_hash', 'sort'],
    ['include=tokens', 'include'],
    ['page[size]=101', 'page[size]'],
    ['page[number]=x', 'page[number]'],
  ])('answers 400 for %s', async (query, parameter) => {
    const res = await get(`/api/v2/users?${query}`)
    expect(res.statusCode).toBe(400)
    expect(errorsOf(res)[0]?.source?.parameter).toBe(parameter)
  })
})

describe('GET /api/v2/users/{id}', () => {
  it('answers one user with include=roles, 404 when missing, 400 for a bad id', async () => {
    const res = await get('/api/v2/users/2?include=roles')
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.data).toMatchObject({
      type: 'users',
      id: '2',
      attributes: { email: 'creator@teplo.demo' },
      relationships: { roles: { data: [roleRef(2)] } },
      links: { self: '/api/v2/users/2' },
    })
    expect(body.included).toEqual([expect.objectContaining({ type: 'roles', id: '2' })])
    expect((await get('/api/v2/users/2')).json().included).toBeUndefined()
    expect((await get('/api/v2/users/9999')).statusCode).toBe(404)
    expect(errorsOf(await get('/api/v2/users/abc'))[0]?.source?.parameter).toBe('id')
  })
})

describe('POST /api/v2/users', () => {
  it('creates a user from a JSON:API document with a roles relationship; the user can sign in', async () => {
    const res = await demo.app.inject({
      method: 'POST',
      url: '/api/v2/users',
      headers: { ...as('admin'), 'content-type': JSON_API },
      payload: JSON.stringify({
        data: {
          type: 'users',
          attributes: {
            name: 'Новий монтажник',
            email: '  New.Installer@Example.COM ',
            password: 'installer-1',
            password_confirmation: 'installer-1',
            profile_image: '/uploads/users/1/picture.png',
          },
          relationships: { roles: { data: [roleRef(2)] } },
        },
      }),
    })
    expect(res.statusCode).toBe(201)
    expect(res.headers['content-type']).toContain(JSON_API)
    const data = res.json<{ data: User }>().data
    expect(data).toMatchObject({
      type: 'users',
      id: expect.stringMatching(/^\d+$/),
      attributes: { email: 'new.installer@example.com', profile_image: '/uploads/users/1/picture.png' },
      relationships: { roles: { data: [roleRef(2)] } },
    })
    expect(res.body).not.toContain('installer-1')
    const token = await loginAs(demo.app, 'new.installer@example.com', 'installer-1')
    const me = await demo.app.inject({
      method: 'GET',
      url: '/api/v2/me?include=roles',
      headers: bearer(token),
    })
    expect(me.json().included[0].attributes.name).toBe('creator')
  })

  it('answers 422 on email when the e-mail is taken, in any case', async () => {
    const res = await send('POST', '/api/v2/users', newUser('Copy', 'CREATOR@teplo.demo'))
    expect(res.statusCode).toBe(422)
    expect(errorAt(res, 'email')?.detail).toBe('Ця пошта вже зареєстрована.')
  })

  it('answers 422 on roles for a missing, empty or unknown role', async () => {
    const { roles: _roles, ...withoutRoles } = newUser('No role', 'norole@example.com')
    for (const payload of [
      withoutRoles,
      { ...withoutRoles, roles: [] },
      { ...withoutRoles, roles: [roleRef(999)] },
      { ...withoutRoles, roles: [{ type: 'roles', id: 'admin' }] },
    ]) {
      const res = await send('POST', '/api/v2/users', payload)
      expect(res.statusCode).toBe(422)
      expect(errorAt(res, 'roles')).toBeDefined()
    }
    expect(names(await get('/api/v2/users?filter[name]=No role'))).toEqual([])
  })

  it('answers 422 with a pointer per invalid field', async () => {
    const res = await send('POST', '/api/v2/users', {
      name: ' ',
      email: 'not-mail',
      password: 'short',
      password_confirmation: 'other',
      roles: [roleRef(3)],
    })
    expect(res.statusCode).toBe(422)
    expect(errorAt(res, 'name')?.detail).toBe("Введіть ім'я")
    expect(errorAt(res, 'email')?.detail).toBe('Має бути дійсний email!')
    expect(errorAt(res, 'password')?.detail).toBe('Пароль має бути не менше 8 символів!')
    expect(errorAt(res, 'password_confirmation')?.detail).toBe('Паролі мають збігатися')
    const image = await send('POST', '/api/v2/users', {
      ...newUser('Pic', 'pic@example.com'),
      profile_image: 'javascript:alert(1)',
    })
    expect(image.statusCode).toBe(422)
    expect(errorAt(image, 'profile_image')?.detail).toBe('Некоректне зображення профілю')
  })
})

describe('authorization: users are managed by administrators only', () => {
  const routes = [
    ['GET', '/api/v2/users'],
    ['GET', '/api/v2/users/3'],
    ['POST', '/api/v2/users'],
    ['PATCH', '/api/v2/users/3'],
    ['DELETE', '/api/v2/users/3'],
  ] as const

  it.each(routes)('%s %s answers 401 without a token, even with an invalid body', async (method, url) => {
    const res = await demo.app.inject({
      method,
      url,
      ...(method === 'GET' ? {} : { payload: { email: 'bad' } }),
    })
    expect(res.statusCode).toBe(401)
  })

  it.each(routes)('%s %s answers 403 to the demo creator and the demo user', async (method, url) => {
    for (const role of ['creator', 'user']) {
      const payload = method === 'GET' ? undefined : newUser('Intruder', 'intruder@example.com', 1)
      expect((await send(method as 'POST', url, payload, role)).statusCode).toBe(403)
    }
    expect(names(await get('/api/v2/users?filter[name]=Intruder'))).toEqual([])
  })
})
