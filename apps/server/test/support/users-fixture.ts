import { expect } from 'vitest'
import { bearer, errorsOf, useDemoApp } from './helper.ts'

// The users tests' app (demo data, every demo account signed in) and their ways to call it.

export type User = {
  type: string
  id: string
  attributes: Record<string, unknown> & { name: string; email: string }
  relationships: { roles: { data: { type: string; id: string }[] } }
}
export type ListDoc = {
  data: User[]
  included?: { type: string; id: string; attributes: { name: string } }[]
  meta: { page: Record<string, number> }
  links: Record<string, string>
}

/** Registers the file's app (beforeAll/afterAll) and returns the calls its tests make. */
export function useUsersApp() {
  const demo = useDemoApp()
  const as = (role: string) => bearer(demo.tokens[role]!)
  const get = (url: string, role = 'admin') => demo.app.inject({ method: 'GET', url, headers: as(role) })
  const send = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, role = 'admin') =>
    demo.app.inject({ method, url, headers: as(role), ...(payload ? { payload } : {}) })
  const errorAt = (res: { json: () => unknown }, field: string) =>
    errorsOf(res).find((e) => e.source?.pointer === `/data/attributes/${field}`)
  const names = (res: { json: () => unknown }) => (res.json() as ListDoc).data.map((u) => u.attributes.name)
  const roleRef = (id: number) => ({ type: 'roles', id: String(id) })
  const newUser = (name: string, email: string, roleId = 3, password = 'long-enough-1') => ({
    name,
    email,
    password,
    password_confirmation: password,
    roles: [roleRef(roleId)],
  })
  async function createUser(
    name: string,
    email: string,
    roleId = 3,
    password = 'long-enough-1',
  ): Promise<User> {
    const res = await send('POST', '/api/v2/users', newUser(name, email, roleId, password))
    expect(res.statusCode).toBe(201)
    return res.json<{ data: User }>().data
  }
  return { demo, as, get, send, errorAt, names, roleRef, newUser, createUser }
}
