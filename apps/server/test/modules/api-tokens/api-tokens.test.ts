import { API_TOKEN_PREFIX, type ApiTokenListDocument, DEMO_ACCOUNTS } from '@teplo/domain'
import { and, eq, ne, notInArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiTokens, itemShares, items, users } from '../../../src/db/schema.ts'
import { bearer, build, errorsOf, loginAs, type TestApp } from '../../support/helper.ts'

// A low limit, so that one test can run a token out of requests; every other test uses a token of its own.
const LIMIT = 12
let app: TestApp
let session: string
let mine: number[] = []
let foreign: number
const owner = DEMO_ACCOUNTS.find((account) => account.role === 'user')!

beforeAll(async () => {
  app = await build({ API_TOKEN_RATE_LIMIT: String(LIMIT), API_TOKEN_RATE_WINDOW_SECONDS: '600' })
  session = await loginAs(app, owner.email, owner.password)
  const [user] = await app.db.select().from(users).where(eq(users.email, owner.email))
  const owned = (await app.db.select({ id: items.id }).from(items).where(eq(items.userId, user!.id))).map(
    (row) => row.id,
  )
  // Two devices of other accounts: one shared with the owner (operating it), one it cannot see at all.
  const others = await app.db
    .select({ id: items.id })
    .from(items)
    .where(and(ne(items.userId, user!.id), notInArray(items.id, owned)))
    .orderBy(items.id)
    .limit(2)
  await app.db
    .delete(itemShares)
    .where(and(eq(itemShares.userId, user!.id), notInArray(itemShares.itemId, [others[0]!.id])))
  await app.db.insert(itemShares).values({ itemId: others[0]!.id, userId: user!.id, access: 'operator' })
  await app.db
    .delete(itemShares)
    .where(and(eq(itemShares.itemId, others[1]!.id), eq(itemShares.userId, user!.id)))
  mine = [...owned.sort((a, b) => a - b), others[0]!.id]
  foreign = others[1]!.id
})
afterAll(async () => {
  await app?.closeAll()
})

const create = (body: object, token = session) =>
  app.inject({ method: 'POST', url: '/api/v2/me/api-tokens', headers: bearer(token), payload: body })

// Making tokens is limited per session (10 a minute): the tests' tokens are made from sessions of their own.
let maker: string | undefined
let made = 0

/** A new token of the demo owner's (the password given in the same request). */
async function newToken(body: object): Promise<{ id: string; token: string }> {
  if (!maker || made++ % 5 === 0) maker = await loginAs(app, owner.email, owner.password)
  const res = await create({ name: 'script', current_password: owner.password, ...body }, maker)
  expect(res.statusCode).toBe(201)
  const document = res.json()
  return { id: document.data.id, token: document.meta.token }
}

const call = (token: string, method: 'GET' | 'PATCH' | 'DELETE' | 'POST', url: string, payload?: object) =>
  app.inject({ method, url: `/api/v2${url}`, headers: bearer(token), ...(payload ? { payload } : {}) })

describe('POST /me/api-tokens', () => {
  it('needs a recent password: 403 without one, 422 on current_password when wrong, nothing stored', async () => {
    const before = (await app.db.select().from(apiTokens)).length
    const bare = await create({ name: 'x', scopes: ['read'] })
    expect(bare.statusCode).toBe(403)
    const wrong = await create({ name: 'x', scopes: ['read'], current_password: 'not-it-at-all' })
    expect(wrong.statusCode).toBe(422)
    expect(errorsOf(wrong)[0]!.source?.pointer).toBe('/data/attributes/current_password')
    expect((await app.db.select().from(apiTokens)).length).toBe(before)
  })

  it('answers the secret once; only its hash and prefix are stored; the list never shows it', async () => {
    const res = await create({
      name: 'Home Assistant',
      scopes: ['control'],
      current_password: owner.password,
    })
    expect(res.statusCode).toBe(201)
    const { data, meta } = res.json()
    expect(meta.token.startsWith(API_TOKEN_PREFIX)).toBe(true)
    expect(data.attributes).toMatchObject({
      name: 'Home Assistant',
      scopes: ['read', 'control'],
      item_ids: null,
    })
    const [row] = await app.db
      .select()
      .from(apiTokens)
      .where(eq(apiTokens.id, Number(data.id)))
    expect(row!.tokenHash).not.toContain(meta.token.slice(API_TOKEN_PREFIX.length))
    const list = await call(session, 'GET', '/me/api-tokens')
    expect(list.statusCode).toBe(200)
    expect(list.body).not.toContain(meta.token)
    const listed = list.json<ApiTokenListDocument>().data.find((token) => token.id === data.id)!
    expect(meta.token.startsWith(listed.attributes.prefix.replace('…', ''))).toBe(true)
  })

  it.each([
    [{ scopes: [] }, 'scopes'],
    [{ scopes: ['admin'] }, 'scopes'],
    [{ name: '  ' }, 'name'],
    [{ expires_at: '2020-01-01T00:00:00Z' }, 'expires_at'],
    [{ expires_at: 'tomorrow' }, 'expires_at'],
  ])('422 on %j naming the field, nothing stored', async (change, field) => {
    const before = (await app.db.select().from(apiTokens)).length
    const res = await create({ name: 'x', scopes: ['read'], current_password: owner.password, ...change })
    expect(res.statusCode).toBe(422)
    const pointers = errorsOf(res).map((error) => error.source?.pointer ?? '')
    expect(pointers.some((pointer) => pointer.startsWith(`/data/attributes/${field}`))).toBe(true)
    expect((await app.db.select().from(apiTokens)).length).toBe(before)
  })

  it('422 on item_ids for a device the account cannot see', async () => {
    const res = await create({
      name: 'x',
      scopes: ['read'],
      item_ids: [foreign],
      current_password: owner.password,
    })
    expect(res.statusCode).toBe(422)
    expect(errorsOf(res)[0]!.source?.pointer).toBe('/data/attributes/item_ids')
  })
})

describe('a read token', () => {
  it('reads devices and history, with the RateLimit headers, but cannot change a setting (403)', async () => {
    const { token } = await newToken({ scopes: ['read'] })
    const list = await call(token, 'GET', '/items')
    expect(list.statusCode).toBe(200)
    expect(list.headers['ratelimit-limit']).toBe(String(LIMIT))
    expect(list.headers['ratelimit-remaining']).toBe(String(LIMIT - 1))
    expect(Number(list.headers['ratelimit-reset'])).toBeGreaterThan(0)
    expect(
      list
        .json()
        .data.map((item: { id: string }) => Number(item.id))
        .sort((a: number, b: number) => a - b),
    ).toEqual([...mine].sort((a, b) => a - b))
    expect((await call(token, 'GET', `/items/${mine[0]}/schedule`)).statusCode).toBe(200)
    const change = await call(token, 'PATCH', `/items/${mine[0]}`, { status: 'off' })
    expect(change.statusCode).toBe(403)
    expect((await call(token, 'PATCH', `/items/${mine[0]}/schedule`, { enabled: false })).statusCode).toBe(
      403,
    )
  })

  it('cannot manage the account, its sessions or tokens (403), whatever its scopes', async () => {
    const { token } = await newToken({ scopes: ['control'] })
    expect((await call(token, 'GET', '/me')).statusCode).toBe(403)
    expect((await call(token, 'GET', '/me/sessions')).statusCode).toBe(403)
    expect((await call(token, 'GET', '/me/api-tokens')).statusCode).toBe(403)
    const made = await create({ name: 'y', scopes: ['read'], current_password: owner.password }, token)
    expect(made.statusCode).toBe(403)
    expect(errorsOf(made)[0]!.detail).toMatch(/API/)
  })
})

describe('a control token', () => {
  it('switches a device and changes a setting', async () => {
    const { token } = await newToken({ scopes: ['control'] })
    const off = await call(token, 'PATCH', `/items/${mine[0]}`, { status: 'off' })
    expect(off.statusCode).toBe(200)
    const [row] = await app.db.select().from(items).where(eq(items.id, mine[0]!))
    expect(row!.powerSet).toBe('off')
    // Not the registration record: that is beyond operating the device.
    expect((await call(token, 'PATCH', `/items/${mine[0]}`, { name: 'renamed' })).statusCode).toBe(403)
  })

  it('limited to one device: the others are not found, and the list shows only that one', async () => {
    expect(mine.length).toBeGreaterThan(1)
    const [chosen, other] = mine
    const { token } = await newToken({ scopes: ['control'], item_ids: [chosen] })
    const list = await call(token, 'GET', '/items')
    expect(list.json().data.map((item: { id: string }) => Number(item.id))).toEqual([chosen])
    expect((await call(token, 'GET', `/items/${chosen}`)).statusCode).toBe(200)
    expect((await call(token, 'GET', `/items/${other}`)).statusCode).toBe(404)
    expect((await call(token, 'GET', `/items/${other}/schedule`)).statusCode).toBe(404)
    expect((await call(token, 'PATCH', `/items/${other}`, { status: 'on' })).statusCode).toBe(404)
    expect((await call(token, 'GET', `/items/${foreign}`)).statusCode).toBe(404)
  })
})

describe('refused tokens and limits', () => {
  it('401 once deleted or expired, and for an unknown one', async () => {
    const gone = await newToken({ scopes: ['read'] })
    expect((await call(gone.token, 'GET', '/items')).statusCode).toBe(200)
    expect((await call(session, 'DELETE', `/me/api-tokens/${gone.id}`)).statusCode).toBe(204)
    expect((await call(gone.token, 'GET', '/items')).statusCode).toBe(401)
    expect((await call(session, 'DELETE', `/me/api-tokens/${gone.id}`)).statusCode).toBe(404)

    const old = await newToken({
      scopes: ['read'],
      expires_at: new Date(Date.now() + 3_600_000).toISOString(),
    })
    await app.db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, Number(old.id)))
    app.tokenCache.forget(null)
    expect((await call(old.token, 'GET', '/items')).statusCode).toBe(401)
    expect((await call(`${API_TOKEN_PREFIX}nothing-like-it`, 'GET', '/items')).statusCode).toBe(401)
  })

  it('429 with Retry-After past its limit; another token is not affected', async () => {
    const busy = await newToken({ scopes: ['read'] })
    for (let i = 0; i < LIMIT; i++) expect((await call(busy.token, 'GET', '/items')).statusCode).toBe(200)
    const over = await call(busy.token, 'GET', '/items')
    expect(over.statusCode).toBe(429)
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0)
    expect(over.headers['ratelimit-remaining']).toBe('0')
    const fresh = await newToken({ scopes: ['read'] })
    expect((await call(fresh.token, 'GET', '/items')).statusCode).toBe(200)
  })

  it('records when and from where it was last used', async () => {
    const used = await newToken({ scopes: ['read'] })
    await app.inject({
      method: 'GET',
      url: '/api/v2/items',
      headers: { ...bearer(used.token) },
      remoteAddress: '203.0.113.7',
    })
    await app.apiTokenActivity.flush()
    const [row] = await app.db
      .select()
      .from(apiTokens)
      .where(eq(apiTokens.id, Number(used.id)))
    expect(row!.lastUsedAt).toBeInstanceOf(Date)
    expect(row!.lastAddress).toBe('203.0.113.7')
    const listed = (await call(session, 'GET', '/me/api-tokens'))
      .json<ApiTokenListDocument>()
      .data.find((token) => token.id === used.id)!
    expect(listed.attributes.last_address).toBe('203.0.113.7')
    expect(listed.attributes.last_used_at).not.toBeNull()
  })
})

describe('the OpenAPI document', () => {
  it("names each operation's token scope; the account's own operations have none", async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' })
    const paths = res.json().paths
    expect(paths['/api/v2/items'].get['x-token-scope']).toBe('read')
    expect(paths['/api/v2/items/{id}'].patch['x-token-scope']).toBe('control')
    expect(paths['/api/v2/me/api-tokens'].post['x-token-scope']).toBeUndefined()
    expect(paths['/api/v2/me/api-tokens'].post.responses['422']).toBeDefined()
  })
})
