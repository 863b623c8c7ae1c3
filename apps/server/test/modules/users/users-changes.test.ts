import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { items, tokens as tokenTable } from '../../../src/db/schema.ts'
import { bearer, errorsOf, loginAs } from '../../support/helper.ts'
import { type ListDoc, useUsersApp } from '../../support/users-fixture.ts'

const { demo, get, send, errorAt, names, roleRef, createUser } = useUsersApp()

describe('PATCH /api/v2/users/{id}', () => {
  it('changes name, roles, e-mail and picture, one at a time', async () => {
    const user = await createUser('Before', 'before@example.com')
    const url = `/api/v2/users/${user.id}`
    expect((await send('PATCH', url, { name: 'After' })).json().data.attributes.name).toBe('After')
    const promoted = await send('PATCH', url, { data: { relationships: { roles: { data: [roleRef(2)] } } } })
    expect(promoted.statusCode).toBe(200)
    expect(promoted.json().data.relationships.roles.data).toEqual([roleRef(2)])
    const moved = await send('PATCH', url, { email: 'After@Example.com' })
    expect(moved.json().data.attributes.email).toBe('after@example.com')
    const pictured = await send('PATCH', url, { profile_image: 'https://cdn.example.com/a.png' })
    expect(pictured.json().data.attributes.profile_image).toBe('https://cdn.example.com/a.png')
    const cleared = await send('PATCH', url, { profile_image: null })
    expect(cleared.json().data.attributes.profile_image).toBeNull()
    const taken = await send('PATCH', url, { email: 'user@teplo.demo' })
    expect(taken.statusCode).toBe(422)
    expect(errorAt(taken, 'email')?.detail).toBe('Ця пошта вже зареєстрована.')
    const unknownRole = await send('PATCH', url, { roles: [roleRef(12345)] })
    expect(errorAt(unknownRole, 'roles')).toBeDefined()
  })

  it('sets a new password and signs the user out everywhere', async () => {
    await createUser('Forgetful', 'forgetful@example.com', 3, 'old-password-1')
    const userToken = await loginAs(demo.app, 'forgetful@example.com', 'old-password-1')
    const [row] = (await get('/api/v2/users?filter[name]=Forgetful')).json<ListDoc>().data
    const mismatch = await send('PATCH', `/api/v2/users/${row!.id}`, { password: 'new-password-1' })
    expect(mismatch.statusCode).toBe(422)
    expect(errorAt(mismatch, 'password_confirmation')?.detail).toBe('Паролі мають збігатися')

    const res = await send('PATCH', `/api/v2/users/${row!.id}`, {
      password: 'new-password-1',
      password_confirmation: 'new-password-1',
    })
    expect(res.statusCode).toBe(200)
    expect(
      (await demo.app.inject({ method: 'GET', url: '/api/v2/me', headers: bearer(userToken) })).statusCode,
    ).toBe(401)
    await loginAs(demo.app, 'forgetful@example.com', 'new-password-1')
    const old = await demo.app.inject({
      method: 'POST',
      url: '/api/v2/login',
      payload: { email: 'forgetful@example.com', password: 'old-password-1' },
    })
    expect(old.statusCode).toBe(401)
  })

  it('keeps the session of an admin who changes their own password', async () => {
    await createUser('Second admin', 'second.admin@example.com', 1, 'admin-pass-1')
    const first = await loginAs(demo.app, 'second.admin@example.com', 'admin-pass-1')
    const other = await loginAs(demo.app, 'second.admin@example.com', 'admin-pass-1')
    const self = (await demo.app.inject({ method: 'GET', url: '/api/v2/me', headers: bearer(first) })).json()
      .data.id
    const res = await demo.app.inject({
      method: 'PATCH',
      url: `/api/v2/users/${self}`,
      headers: bearer(first),
      payload: { password: 'admin-pass-2', password_confirmation: 'admin-pass-2' },
    })
    expect(res.statusCode).toBe(200)
    expect(
      (await demo.app.inject({ method: 'GET', url: '/api/v2/me', headers: bearer(first) })).statusCode,
    ).toBe(200)
    expect(
      (await demo.app.inject({ method: 'GET', url: '/api/v2/me', headers: bearer(other) })).statusCode,
    ).toBe(401)
  })

  it('refuses an admin taking away their own admin role, and deleting themself', async () => {
    await createUser('Third admin', 'third.admin@example.com', 1, 'admin-pass-3')
    const token = await loginAs(demo.app, 'third.admin@example.com', 'admin-pass-3')
    const self = (await demo.app.inject({ method: 'GET', url: '/api/v2/me', headers: bearer(token) })).json()
      .data.id
    const demote = await demo.app.inject({
      method: 'PATCH',
      url: `/api/v2/users/${self}`,
      headers: bearer(token),
      payload: { roles: [roleRef(3)] },
    })
    expect(demote.statusCode).toBe(422)
    expect(errorAt(demote, 'roles')?.detail).toBe('Ви не можете зняти з себе роль адміністратора.')
    const remove = await demo.app.inject({
      method: 'DELETE',
      url: `/api/v2/users/${self}`,
      headers: bearer(token),
    })
    expect(remove.statusCode).toBe(422)
    expect(errorsOf(remove)[0]?.detail).toBe('Ви не можете видалити власний обліковий запис.')
    expect((await get(`/api/v2/users/${self}`)).statusCode).toBe(200)
  })

  it('protects the demo accounts: no role change, no delete; other edits still work', async () => {
    for (const id of [1, 2, 3]) {
      const roleChange = await send('PATCH', `/api/v2/users/${id}`, { roles: [roleRef(id === 3 ? 2 : 3)] })
      expect(roleChange.statusCode).toBe(403)
      expect(errorsOf(roleChange)[0]?.detail).toBe('Стандартних користувачів змінювати не можна.')
      // The demo admin is the caller here, so for id 1 the own-account rule answers first.
      const removal = await send('DELETE', `/api/v2/users/${id}`)
      expect(removal.statusCode).toBe(id === 1 ? 422 : 403)
      if (id > 1) {
        expect(errorsOf(removal)[0]?.detail).toBe('Стандартних користувачів змінювати не можна.')
      }
    }
    expect(names(await get('/api/v2/users?page[size]=3'))).toEqual([
      'Адміністратор',
      'Монтажник',
      'Власник котла',
    ])
    // The edit form sends the unchanged role with the new name.
    const rename = await send('PATCH', '/api/v2/users/3', { name: 'Власник котла', roles: [roleRef(3)] })
    expect(rename.statusCode).toBe(200)
    expect((await get('/api/v2/users/3')).json().data.relationships.roles.data).toEqual([roleRef(3)])
  })

  it('answers 404 for a missing user', async () => {
    expect((await send('PATCH', '/api/v2/users/9999', { name: 'x' })).statusCode).toBe(404)
  })
})

describe('DELETE /api/v2/users/{id}', () => {
  it('deletes the user with their devices and tokens, and announces each removed device', async () => {
    const user = await createUser('Leaving', 'leaving@example.com', 3, 'leaving-pass-1')
    const token = await loginAs(demo.app, 'leaving@example.com', 'leaving-pass-1')
    const [device] = await demo.app.db
      .insert(items)
      .values({ userId: Number(user.id), categoryId: 1, name: 'Old boiler', serialNumber: '880001' })
      .returning({ id: items.id })
    const announced: { itemId: number; serialNumber: string }[] = []
    const listener = (event: { itemId: number; serialNumber: string }) => announced.push(event)
    demo.app.events.on('item.deleted', listener)

    const res = await send('DELETE', `/api/v2/users/${user.id}`)
    demo.app.events.off('item.deleted', listener)
    expect(res.statusCode).toBe(204)
    expect(res.body).toBe('')
    expect((await get(`/api/v2/users/${user.id}`)).statusCode).toBe(404)
    expect(await demo.app.db.select().from(items).where(eq(items.id, device!.id))).toEqual([])
    expect(
      await demo.app.db
        .select()
        .from(tokenTable)
        .where(eq(tokenTable.userId, Number(user.id))),
    ).toEqual([])
    expect(announced).toEqual([{ itemId: device!.id, serialNumber: '880001' }])
    expect(
      (await demo.app.inject({ method: 'GET', url: '/api/v2/me', headers: bearer(token) })).statusCode,
    ).toBe(401)
    expect((await send('DELETE', `/api/v2/users/${user.id}`)).statusCode).toBe(404)
  })
})
