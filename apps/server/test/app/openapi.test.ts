import { ITEM_SETTINGS, OPERATIONS } from '@teplo/domain'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { build, type TestApp } from '../support/helper.ts'
import { inlineRefs } from '../support/openapi-support.ts'

type Content = Record<string, { schema?: Record<string, unknown> }>
type Operation = {
  operationId?: string
  tags?: string[]
  summary?: string
  parameters?: { in: string; name: string }[]
  requestBody?: { content?: Content }
  responses?: Record<string, { description?: string; content?: Content }>
}
type OpenApiDocument = {
  openapi: string
  info: { title: string; license?: { name?: string } }
  paths: Record<string, Record<string, Operation>>
  components?: { schemas?: Record<string, unknown> }
}

// Every call of spec §7, as "METHOD /path" in OpenAPI's path syntax.
const SPEC_CALLS = [
  'POST /api/v2/login',
  'POST /api/v2/register',
  'POST /api/v2/logout',
  'POST /api/v2/password-forgot',
  'POST /api/v2/password-reset',
  'GET /api/v2/me',
  'PATCH /api/v2/me',
  'DELETE /api/v2/me',
  'POST /api/v2/auth/check-password',
  'POST /api/v2/uploads/users/{id}/profile-image',
  'POST /api/v2/uploads/items/{id}/image',
  ...['roles', 'tags', 'categories', 'users'].flatMap((type) => [
    `GET /api/v2/${type}`,
    `POST /api/v2/${type}`,
    `GET /api/v2/${type}/{id}`,
    `PATCH /api/v2/${type}/{id}`,
    `DELETE /api/v2/${type}/{id}`,
  ]),
  'GET /api/v2/items',
  'POST /api/v2/items',
  'GET /api/v2/items/{id}',
  'PATCH /api/v2/items/{id}',
  'DELETE /api/v2/items/{id}',
  'GET /api/v2/items/{id}/user',
  'POST /api/v2/items/verify',
  'POST /api/v2/items/verify-token',
  'GET /api/v2/item-errors',
  'POST /api/v2/item-errors/{id}/archive',
  'POST /api/v2/help-requests',
]

const TREE_LINE = /^((?:│ {3}| {4})*)[├└]── (.*?)(?: \(([^)]*)\))?$/

// The routes Fastify actually registered, read back from its route tree (HEAD is added by Fastify for GET).
function registeredApiRoutes(app: FastifyInstance): string[] {
  const prefixes: string[] = []
  const routes: string[] = []
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = TREE_LINE.exec(line)
    if (!match) continue
    const depth = (match[1] ?? '').length / 4
    const path = (depth > 0 ? (prefixes[depth - 1] ?? '') : '') + (match[2] ?? '')
    prefixes[depth] = path
    if (!match[3] || !path.startsWith('/api/v2/')) continue
    for (const method of match[3].split(', ')) {
      if (method !== 'HEAD') routes.push(`${method} ${path.replace(/:(\w+)/g, '{$1}')}`)
    }
  }
  return routes.sort()
}

function documentedRoutes(document: OpenApiDocument): string[] {
  return Object.entries(document.paths)
    .flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    )
    .sort()
}

describe('OpenAPI document', () => {
  let app: TestApp
  let document: OpenApiDocument

  beforeAll(async () => {
    app = await build()
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' })
    expect(res.statusCode).toBe(200)
    document = res.json<OpenApiDocument>()
  })

  afterAll(async () => {
    await app?.closeAll()
  })

  it('is an OpenAPI 3.1 document of the Teplo API', () => {
    expect(document.openapi).toBe('3.1.0')
    expect(document.info.title).toBe('Teplo API')
  })

  it('lists every call of the specification with its method', () => {
    const documented = documentedRoutes(document)
    const missing = SPEC_CALLS.filter((call) => !documented.includes(call))
    expect(missing).toEqual([])
  })

  it('lists exactly the /api/v2 routes the app registers', () => {
    const registered = registeredApiRoutes(app)
    // The tree reading must find the spec's calls, or an empty parse would pass the comparison below.
    expect(registered).toEqual(expect.arrayContaining(SPEC_CALLS))
    expect(registered).toEqual(
      expect.arrayContaining(['POST /api/v2/items/verify-token', 'GET /api/v2/live']),
    )
    expect(documentedRoutes(document)).toEqual(registered)
  })

  it('gives every operation a tag and a summary', () => {
    const untitled = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => !operation.tags?.length || !operation.summary?.trim())
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    )
    expect(untitled).toEqual([])
  })

  it('documents the path parameters of every path that has them', () => {
    const undocumented = Object.entries(document.paths).flatMap(([path, operations]) => {
      const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1])
      return Object.entries(operations).flatMap(([method, operation]) =>
        names
          .filter((name) => !operation.parameters?.some((p) => p.in === 'path' && p.name === name))
          .map((name) => `${method.toUpperCase()} ${path}: ${name}`),
      )
    })
    expect(undocumented).toEqual([])
  })

  const operations = () =>
    Object.entries(document.paths).flatMap(([path, byMethod]) =>
      Object.entries(byMethod).map(([method, operation]) => ({
        call: `${method.toUpperCase()} ${path}`,
        operation,
      })),
    )
  const hasSchema = (content: Content | undefined) =>
    Object.values(content ?? {}).some((entry) => entry.schema && Object.keys(entry.schema).length > 0)

  // The calls that take no body: they act on the path and the session alone.
  const BODILESS = [
    'POST /api/v2/logout',
    'POST /api/v2/me/email-verification',
    'POST /api/v2/item-errors/{id}/archive',
    'POST /api/v2/items/{id}/pairing-code',
    'POST /api/v2/items/{id}/owner-code',
    'POST /api/v2/invitations/{id}/accept',
    'POST /api/v2/notifications/read-all',
    'POST /api/v2/notifications/unsubscribe',
    'POST /api/v2/items/{id}/alarms/{alarmId}/acknowledge',
    'POST /api/v2/live/tickets',
    'POST /api/v2/login/passkey/options',
    'POST /api/v2/me/webhooks/{id}/test',
  ]

  it('documents the request body of every call that takes one', () => {
    const undocumented = operations()
      .filter(({ call }) => /^(POST|PATCH|PUT) /.test(call) && !BODILESS.includes(call))
      .filter(({ operation }) => !hasSchema(operation.requestBody?.content))
      .map(({ call }) => call)
    expect(undocumented).toEqual([])
    // The picture uploads are multipart forms with their file field.
    const upload = document.paths['/api/v2/uploads/items/{id}/image']?.post
    expect(JSON.stringify(upload?.requestBody?.content?.['multipart/form-data'])).toContain('attachment')
  })

  it('documents the success answer of every operation, with its schema unless it is a 204', () => {
    const undocumented = operations().flatMap(({ call, operation }) => {
      const success = Object.entries(operation.responses ?? {}).filter(([status]) => /^2\d\d$/.test(status))
      if (success.length === 0) return [`${call}: no success answer`]
      return success
        .filter(([status, answer]) => status !== '204' && !hasSchema(answer.content))
        .map(([status]) => `${call}: ${status} without a schema`)
    })
    expect(undocumented).toEqual([])
  })

  it('documents the errors each /api/v2 call may answer, with Retry-After on 429 and 503', () => {
    const missing = operations().flatMap(({ call, operation }) => {
      const expected = ['429', '503']
      if (call.includes('{')) expected.push('404')
      if (operation.requestBody) expected.push('415', '422')
      return expected
        .filter((status) => {
          const answer = operation.responses?.[status] as
            | { content?: Content; headers?: Record<string, unknown> }
            | undefined
          const schema = answer?.content?.['application/vnd.api+json']?.schema
          return schema?.$ref !== '#/components/schemas/ErrorDocument'
        })
        .map((status) => `${call}: ${status}`)
    })
    expect(missing).toEqual([])
    const retry = document.paths['/api/v2/me']?.get?.responses?.['503'] as { headers?: object }
    expect(Object.keys(retry.headers ?? {})).toEqual(['Retry-After'])
  })

  it('names every operation and its schemas: operationIds unique, the answers as named components', () => {
    const ids = operations().map(({ operation }) => operation.operationId)
    expect(ids.filter((id) => !id)).toEqual([])
    expect(new Set(ids).size).toBe(ids.length)
    expect(document.paths['/api/v2/categories']?.get?.operationId).toBe('listCategories')
    // Each call is a declared operation (ADR 054), documented once with its method and path; only the event
    // stream names itself.
    const documented = operations()
      .map(({ call, operation }) => `${operation.operationId} ${call}`)
      .sort()
    const declared = [
      ...OPERATIONS.map((op) => `${op.id} ${op.method} /api/v2${op.path}`),
      'openEventStream GET /api/v2/live',
    ].sort()
    expect(documented).toEqual(declared)
    const answer = document.paths['/api/v2/categories/{id}']?.get?.responses?.['200']?.content
    expect(answer?.['application/vnd.api+json']?.schema).toEqual({
      $ref: '#/components/schemas/CategoryDocument',
    })
    expect(Object.keys(document.components?.schemas ?? {})).toEqual(
      expect.arrayContaining(['CategoryDocument', 'ItemDocument', 'ErrorDocument']),
    )
    expect(document.info.license?.name).toBeTruthy()
  })

  it('declares the media types the server speaks: JSON:API answers and envelopes, the stream, plain JSON for tokens', () => {
    const create = document.paths['/api/v2/categories']?.post
    expect(Object.keys(create?.requestBody?.content ?? {})).toEqual(['application/vnd.api+json'])
    expect(JSON.stringify(create?.requestBody?.content?.['application/vnd.api+json']?.schema)).toContain(
      '"categories"',
    )
    const created = create?.responses?.['201'] as { headers?: object; content?: Content }
    expect(Object.keys(created.headers ?? {})).toEqual(['Location'])
    expect(Object.keys(created.content ?? {})).toEqual(['application/vnd.api+json'])
    expect(Object.keys(document.paths['/api/v2/live']?.get?.responses?.['200']?.content ?? {})).toEqual([
      'text/event-stream',
    ])
    // The sign-in answers plain JSON (a token, not a resource).
    expect(Object.keys(document.paths['/api/v2/login']?.post?.responses?.['200']?.content ?? {})).toEqual([
      'application/json',
    ])
  })

  it('documents every setting of the registry in the PATCH of a device', () => {
    const body = JSON.stringify(
      inlineRefs(document, document.paths['/api/v2/items/{id}']?.patch?.requestBody),
    )
    for (const name of Object.keys(ITEM_SETTINGS)) expect(body).toContain(`"${name}"`)
  })

  it('serves the browsable Swagger UI at /api/docs/', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/html/)
    expect(res.body).toContain('<title>Swagger UI</title>')
  })
})
