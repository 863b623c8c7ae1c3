import { DEMO_ACCOUNTS, OPERATIONS, operations } from '@teplo/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, build, errorsOf, JSON_API, loginAs, type TestApp } from '../support/helper.ts'

type OpenApiOperation = { operationId?: string; tags?: string[]; summary?: string }

// Routes registered from the declared operations (ADR 054).
describe('declared operations on the server', () => {
  let app: TestApp
  let admin: string
  let user: string
  let paths: Record<string, Record<string, OpenApiOperation>>

  beforeAll(async () => {
    app = await build()
    const account = (role: string) => DEMO_ACCOUNTS.find((a) => a.role === role)!
    admin = await loginAs(app, account('admin').email, account('admin').password)
    user = await loginAs(app, account('user').email, account('user').password)
    paths = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json().paths
  })
  afterAll(async () => {
    await app?.closeAll()
  })

  it('registers each at its method and path, documented with its id, tag and summary', () => {
    for (const op of OPERATIONS) {
      expect(paths[`/api/v2${op.path}`]?.[op.method.toLowerCase()], op.id).toMatchObject({
        operationId: op.id,
        tags: [op.tag],
        summary: op.summary,
      })
    }
  })

  it('answers with the declared status: 201 with Location, 200, 204', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/v2/categories',
      headers: { ...bearer(admin), 'content-type': JSON_API },
      payload: { data: { type: 'categories', attributes: { name: 'Операційний котел' } } },
    })
    expect(created.statusCode).toBe(201)
    const id = created.json().data.id as string
    expect(created.headers.location).toBe(`/api/v2/categories/${id}`)
    const changed = await app.inject({
      method: 'PATCH',
      url: `/api/v2/categories/${id}`,
      headers: bearer(admin),
      payload: { description: 'Змінено' },
    })
    expect(changed.statusCode).toBe(200)
    expect(changed.json().data.attributes.description).toBe('Змінено')
    const gone = await app.inject({
      method: 'DELETE',
      url: `/api/v2/categories/${id}`,
      headers: bearer(admin),
    })
    expect(gone.statusCode).toBe(204)
    expect(gone.body).toBe('')
    const after = await app.inject({ method: 'GET', url: `/api/v2/categories/${id}`, headers: bearer(admin) })
    expect(after.statusCode).toBe(404)
  })

  it('checks who may call before it reads the body', async () => {
    const refused = await app.inject({
      method: 'POST',
      url: `/api/v2${operations.createCategory.path}`,
      headers: bearer(user),
      payload: { name: '' },
    })
    expect(refused.statusCode).toBe(403)
    const anonymous = await app.inject({ method: 'GET', url: '/api/v2/categories' })
    expect(anonymous.statusCode).toBe(401)
  })

  it("takes the document's type from the declaration: another type is 409 and changes nothing", async () => {
    const res = await app.inject({
      method: 'PATCH',
      url: '/api/v2/categories/1',
      headers: { ...bearer(admin), 'content-type': JSON_API },
      payload: { data: { type: 'tags', id: '1', attributes: { name: 'Чужий тип' } } },
    })
    expect(res.statusCode).toBe(409)
    expect(errorsOf(res)[0]?.detail).toContain("'categories'")
    const category = await app.inject({ method: 'GET', url: '/api/v2/categories/1', headers: bearer(admin) })
    expect(category.json().data.attributes.name).not.toBe('Чужий тип')
  })
})
