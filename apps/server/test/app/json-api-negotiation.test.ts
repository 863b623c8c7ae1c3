import { describe, expect, it } from 'vitest'
import { acceptRefusal, contentTypeRefusal } from '../../src/lib/media-types.ts'
import { isDeclarableQueryName } from '../../src/lib/query-parameters.ts'
import { bearer, errorsOf, JSON_API, useDemoApp } from '../support/helper.ts'

// JSON:API 1.1 content negotiation and query parameters (jsonapi.org/format/1.1, ADR 050).
const demo = useDemoApp()

const get = (url: string, headers: Record<string, string> = {}) =>
  demo.app.inject({ method: 'GET', url, headers: { ...bearer(demo.tokens.admin!), ...headers } })

describe('the media type of answers', () => {
  it('is exactly application/vnd.api+json, without a charset, on success and on errors', async () => {
    const me = await get('/api/v2/me')
    expect(me.statusCode).toBe(200)
    expect(me.headers['content-type']).toBe(JSON_API)
    const anonymous = await demo.app.inject({ method: 'GET', url: '/api/v2/me' })
    expect(anonymous.statusCode).toBe(401)
    expect(anonymous.headers['content-type']).toBe(JSON_API)
    const missing = await get('/api/v2/roles/9999')
    expect(missing.statusCode).toBe(404)
    expect(missing.headers['content-type']).toBe(JSON_API)
    const badBody = await demo.app.inject({
      method: 'POST',
      url: '/api/v2/tags',
      headers: { ...bearer(demo.tokens.admin!), 'content-type': JSON_API },
      payload: '{"data":',
    })
    expect(badBody.statusCode).toBe(400)
    expect(badBody.headers['content-type']).toBe(JSON_API)
  })
})

describe('a request body’s Content-Type', () => {
  const postTag = (contentType: string) =>
    demo.app.inject({
      method: 'POST',
      url: '/api/v2/tags',
      headers: { ...bearer(demo.tokens.admin!), 'content-type': contentType },
      payload: JSON.stringify({
        data: { type: 'tags', attributes: { name: `ct-${Math.random()}`, color: '#00ff00' } },
      }),
    })

  it('is refused with 415 when the JSON:API media type carries a parameter other than ext or profile', async () => {
    for (const contentType of [`${JSON_API}; charset=utf-8`, `${JSON_API};version=1`, `${JSON_API}; q=1`]) {
      const res = await postTag(contentType)
      expect(res.statusCode, contentType).toBe(415)
      expect(res.headers['content-type']).toBe(JSON_API)
      expect(errorsOf(res)[0]!.status).toBe('415')
    }
  })

  it('is refused with 415 when it asks for an extension the server does not apply', async () => {
    const res = await postTag(`${JSON_API}; ext="https://jsonapi.org/ext/atomic"`)
    expect(res.statusCode).toBe(415)
    expect(errorsOf(res)[0]!.detail).toContain('https://jsonapi.org/ext/atomic')
  })

  it('is read with a profile, plainly, and as plain JSON with a charset (our flat-body extension)', async () => {
    for (const contentType of [
      JSON_API,
      `${JSON_API}; profile="https://example.com/profile"`,
      'application/json; charset=utf-8',
    ]) {
      expect((await postTag(contentType)).statusCode, contentType).toBe(201)
    }
  })
})

describe('a request’s Accept', () => {
  it('is answered with 406 when it lists the JSON:API media type only with other parameters', async () => {
    for (const accept of [
      `${JSON_API}; charset=utf-8`,
      `${JSON_API}; version=1, ${JSON_API}; charset=utf-8`,
      `${JSON_API}; ext="https://example.com/unknown-ext"`,
      `${JSON_API}; foo=bar, text/html`,
    ]) {
      const res = await get('/api/v2/me', { accept })
      expect(res.statusCode, accept).toBe(406)
      expect(res.headers['content-type']).toBe(JSON_API)
      expect(errorsOf(res)[0]!.status).toBe('406')
    }
  })

  it('is served when a plain JSON:API media type or another acceptable form is listed too', async () => {
    for (const accept of [
      JSON_API,
      `${JSON_API}; profile="https://example.com/p"`,
      `${JSON_API}; charset=utf-8, ${JSON_API}`,
      `${JSON_API}; charset=utf-8, */*;q=0.1`,
      `${JSON_API}; charset=utf-8, application/json`,
      `${JSON_API}; charset=utf-8, application/*`,
      'text/html, */*',
    ]) {
      expect((await get('/api/v2/me', { accept })).statusCode, accept).toBe(200)
    }
  })

  it('does not concern the token answers, which are plain JSON', async () => {
    const res = await demo.app.inject({
      method: 'POST',
      url: '/api/v2/login',
      headers: { accept: `${JSON_API}; charset=utf-8` },
      payload: { email: 'user@teplo.demo', password: 'teplo-user' },
    })
    expect(res.statusCode).toBe(200)
  })

  it('reads weights and quoted parameters as the media type rules say', () => {
    expect(acceptRefusal(`${JSON_API};q=0.5`)).toBeNull()
    expect(acceptRefusal(`${JSON_API}; ext="a,b"; q=1`)).not.toBeNull()
    expect(acceptRefusal(`${JSON_API}; charset=utf-8, */*;q=0`)).not.toBeNull()
    expect(acceptRefusal('text/event-stream')).toBeNull()
    expect(contentTypeRefusal('APPLICATION/VND.API+JSON; Charset=UTF-8')).not.toBeNull()
    expect(contentTypeRefusal(`${JSON_API}; ext=""`)).toBeNull()
  })
})

describe('query parameters', () => {
  it('answers 400 naming a parameter the route does not declare', async () => {
    for (const url of ['/api/v2/me?foo=bar', '/api/v2/categories?colour=red', '/api/v2/items?Sort=name']) {
      const res = await get(url)
      expect(res.statusCode, url).toBe(400)
      expect(res.headers['content-type']).toBe(JSON_API)
      const [error] = errorsOf(res)
      expect(error!.source?.parameter).toBe(new URL(url, 'http://x').searchParams.keys().next().value)
    }
  })

  it('answers 400 for the specification’s families where a route does not support them', async () => {
    for (const [url, parameter] of [
      ['/api/v2/me/sessions?page[size]=2', 'page[size]'],
      ['/api/v2/me/sessions?sort=created_at', 'sort'],
      ['/api/v2/me/sessions?filter[name]=x', 'filter[name]'],
      ['/api/v2/items?filter[colour]=red', 'filter[colour]'],
    ] as const) {
      const res = await get(url)
      expect(res.statusCode, url).toBe(400)
      expect(errorsOf(res)[0]!.source?.parameter).toBe(parameter)
    }
  })

  it('answers 400 for include on a resource without relationships to include', async () => {
    const categories = await get('/api/v2/categories?page[size]=1')
    const id = categories.json().data[0].id
    for (const url of [`/api/v2/categories/${id}?include=items`, '/api/v2/me/sessions?include=user']) {
      const res = await get(url)
      expect(res.statusCode, url).toBe(400)
      expect(errorsOf(res)[0]).toMatchObject({
        source: { parameter: 'include' },
        detail: 'Цей ресурс не має зв’язків, які можна додати через include',
      })
    }
    // Where a resource has them, include works as before.
    expect((await get('/api/v2/me?include=roles')).json().included.length).toBeGreaterThan(0)
  })

  it('keeps the documented names of our own working, the web app’s cache buster among them', async () => {
    expect((await get('/api/v2/items?include=category&page[size]=5&_=1700000000000')).statusCode).toBe(200)
    expect((await get('/api/v2/items?t=1')).statusCode).toBe(200)
    const items = await get('/api/v2/items?page[size]=1&filter[scope]=all')
    const itemId = items.json().data[0].id
    const range = 'from=2026-11-01T00:00:00Z&to=2026-11-02T00:00:00Z'
    expect((await get(`/api/v2/items/${itemId}/history?${range}&resolution=1h`)).statusCode).toBe(200)
    expect((await get(`/api/v2/items/${itemId}/consumption?${range}&period=day`)).statusCode).toBe(200)
    expect((await get(`/api/v2/item-errors?item_id=${itemId}&page[size]=1`)).statusCode).toBe(200)
  })

  it('lets a route declare only names JSON:API allows for implementations (or the documented old ones)', () => {
    for (const name of [
      'include',
      'sort',
      'page[size]',
      'filter[user_id]',
      'fields[items]',
      'item_id',
      'camelCase',
    ])
      expect(isDeclarableQueryName(name), name).toBe(true)
    for (const name of ['from', 'to', 'resolution', 'period', 'ticket', 'token', 't', '_'])
      expect(isDeclarableQueryName(name), name).toBe(true)
    for (const name of ['foo', 'limit', 'offset', '-x', 'a b', 'x_'])
      expect(isDeclarableQueryName(name), name).toBe(false)
  })
})

describe('a client-generated id', () => {
  it('is refused with 403 on the id’s pointer, and nothing is created', async () => {
    const name = `client-id-${Date.now()}`
    const res = await demo.app.inject({
      method: 'POST',
      url: '/api/v2/tags',
      headers: { ...bearer(demo.tokens.admin!), 'content-type': JSON_API },
      payload: { data: { type: 'tags', id: '424242', attributes: { name, color: '#123456' } } },
    })
    expect(res.statusCode).toBe(403)
    expect(errorsOf(res)[0]!.source?.pointer).toBe('/data/id')
    const list = await get(`/api/v2/tags?filter[name]=${name}`)
    expect(list.json().data).toEqual([])
  })

  it('is checked after the caller’s right: a user without it hears 403 for the role, not for the id', async () => {
    const res = await demo.app.inject({
      method: 'POST',
      url: '/api/v2/tags',
      headers: { ...bearer(demo.tokens.user!), 'content-type': JSON_API },
      payload: { data: { type: 'tags', id: '1', attributes: { name: 'x', color: '#123456' } } },
    })
    expect(res.statusCode).toBe(403)
    expect(errorsOf(res)[0]!.source).toBeUndefined()
  })
})
