import { createRequire } from 'node:module'
import { fastifyPath, OPERATIONS, type Operation } from '@teplo/domain'
import { describe, expect, it } from 'vitest'
import { bearer, JSON_API, useDemoApp } from '../support/helper.ts'

// An outside check of the wire (issue: "an outside JSON:API conformance run finds 0 violations"): every JSON:API
// answer of every declared operation that can be read, and of the writes and refusals below, is validated against
// jsonapi.org's own JSON Schema (the `jsonapi-validator` package's), and carries the bare media type.
const { Validator } = createRequire(import.meta.url)('jsonapi-validator') as {
  Validator: new () => { validate: (document: unknown) => void }
}
const validator = new Validator()

const demo = useDemoApp()

type Answer = { statusCode: number; headers: Record<string, unknown>; body: string }
type Checked = { call: string; status: number }
const checked: Checked[] = []
const violations: string[] = []

/** Checks one answer: a JSON:API media type without parameters, and a body valid by the official schema. */
function check(call: string, res: Answer): void {
  const type = String(res.headers['content-type'] ?? '')
  if (!type.startsWith(JSON_API)) return
  if (type !== JSON_API) violations.push(`${call} → ${res.statusCode}: Content-Type "${type}"`)
  checked.push({ call, status: res.statusCode })
  // 204 and HEAD carry no document.
  if (res.body === '') {
    if (res.statusCode !== 204) violations.push(`${call} → ${res.statusCode}: empty body`)
    return
  }
  try {
    validator.validate(JSON.parse(res.body))
  } catch (error) {
    violations.push(`${call} → ${res.statusCode}: ${(error as Error).message}`)
  }
}

async function send(
  method: string,
  url: string,
  { token, body, headers = {} }: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const res = await demo.app.inject({
    method: method as 'GET',
    url,
    headers: {
      ...(token ? bearer(token) : {}),
      ...(body !== undefined ? { 'content-type': JSON_API } : {}),
      ...headers,
    },
    ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
  })
  check(`${method} ${url}`, res)
  return res
}

/** Queries the reads need to answer with data rather than a refusal. */
function queryFor(operation: Operation, itemId: string): string {
  const hour = 3_600_000
  const to = new Date()
  const from = new Date(to.getTime() - 48 * hour)
  switch (operation.id) {
    case 'getItemHistory':
      return `?from=${from.toISOString()}&to=${to.toISOString()}`
    case 'getItemConsumption':
      return `?from=${from.toISOString()}&to=${to.toISOString()}&period=day`
    case 'listItemErrors':
      return `?item_id=${itemId}`
    default:
      return ''
  }
}

describe('JSON:API conformance (jsonapi.org schema)', () => {
  it('the schema check is live: it refuses what the specification forbids', () => {
    expect(() => validator.validate({ data: { id: '1', attributes: {} } })).toThrow()
    expect(() => validator.validate({ errors: [{ status: 404 }] })).toThrow()
    expect(() => validator.validate({ data: [], errors: [] })).toThrow()
    expect(() =>
      validator.validate({ data: { type: 'tags', id: '1', attributes: { name: 'x' } } }),
    ).not.toThrow()
  })

  it('every read a person can make answers a valid document, data or refusal', async () => {
    const admin = demo.tokens.admin!
    const me = (await send('GET', '/api/v2/me', { token: admin })).json() as { data: { id: string } }
    const firstId = async (path: string) =>
      ((await send('GET', `/api/v2${path}`, { token: admin })).json() as { data: { id: string }[] }).data[0]
        ?.id ?? '999999'
    const ids: Record<string, string> = {
      items: await firstId('/items'),
      users: me.data.id,
      categories: await firstId('/categories'),
      roles: await firstId('/roles'),
      tags: await firstId('/tags'),
      'firmware-rollouts': '999999',
    }
    const reads = OPERATIONS.filter((op) => op.method === 'GET' && op.jsonApi !== false)
    for (const operation of reads) {
      const collection = operation.path.split('/')[1] ?? ''
      const url = `/api/v2${fastifyPath(operation)}`.replace(/:(\w+)/g, (_, name: string) =>
        name === 'id' ? (ids[collection] ?? '999999') : '999999',
      )
      await send('GET', url + queryFor(operation, ids.items ?? ''), {
        token: operation.access.kind === 'public' ? '' : admin,
      })
    }
    // Every read answered a document worth checking, nearly all of them with data.
    const answered = checked.slice(-reads.length)
    expect(answered.length).toBe(reads.length)
    expect(answered.filter((c) => c.status === 200).length).toBeGreaterThan(reads.length * 0.9)
    expect(violations).toEqual([])
  })

  it('writes and their answers: a created resource, a changed one, a deletion', async () => {
    const admin = demo.tokens.admin!
    const created = await send('POST', '/api/v2/tags', {
      token: admin,
      body: { data: { type: 'tags', attributes: { name: `conformance-${Date.now()}`, color: '#336699' } } },
    })
    expect(created.statusCode).toBe(201)
    const id = (created.json() as { data: { id: string } }).data.id
    const changed = await send('PATCH', `/api/v2/tags/${id}`, {
      token: admin,
      body: { data: { type: 'tags', id, attributes: { color: '#993366' } } },
    })
    expect(changed.statusCode).toBe(200)
    const deleted = await send('DELETE', `/api/v2/tags/${id}`, { token: admin })
    expect(deleted.statusCode).toBe(204)
    expect(violations).toEqual([])
  })

  it('refusals are error documents: 400, 401, 403, 404, 406, 409, 415, 422', async () => {
    const { admin, user } = demo.tokens as Record<string, string>
    const statuses = [
      (await send('GET', '/api/v2/items?foo=bar', { token: admin })).statusCode,
      (await send('GET', '/api/v2/me')).statusCode,
      (await send('GET', '/api/v2/roles', { token: user })).statusCode,
      (await send('GET', '/api/v2/categories/999999', { token: admin })).statusCode,
      (
        await send('GET', '/api/v2/me', {
          token: admin,
          headers: { accept: `${JSON_API}; charset=utf-8` },
        })
      ).statusCode,
      (
        await send('POST', '/api/v2/tags', {
          token: admin,
          body: { data: { type: 'roles', attributes: { name: 'x' } } },
        })
      ).statusCode,
      (
        await send('POST', '/api/v2/tags', {
          token: admin,
          body: { data: { type: 'tags', attributes: { name: 'x' } } },
          headers: { 'content-type': `${JSON_API}; charset=utf-8` },
        })
      ).statusCode,
      (
        await send('POST', '/api/v2/tags', {
          token: admin,
          body: { data: { type: 'tags', attributes: { name: '' } } },
        })
      ).statusCode,
    ]
    expect(statuses).toEqual([400, 401, 403, 404, 406, 409, 415, 422])
    expect(violations).toEqual([])
  })
})
