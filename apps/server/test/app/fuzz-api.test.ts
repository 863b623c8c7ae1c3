import { DEMO_ACCOUNTS } from '@teplo/domain'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, build, loginAs, type TestApp } from '../support/helper.ts'
import { inlineRefs } from '../support/openapi-support.ts'

// Property: no request, however hostile, is answered with a 5xx. Every operation of the OpenAPI document is
// driven with values generated from its declared parameters and body plus hostile ones, as an administrator, as
// an ordinary user and anonymously. CI runs a fixed seed and a bounded count; `npm run bench:fuzz` runs longer.
const RUNS = Number(process.env.FUZZ_RUNS ?? 12)
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123)

type Schema = {
  type?: string | string[]
  enum?: unknown[]
  const?: unknown
  properties?: Record<string, Schema>
  required?: string[]
  items?: Schema
  anyOf?: Schema[]
  oneOf?: Schema[]
  allOf?: Schema[]
  minimum?: number
  maximum?: number
  minLength?: number
  maxLength?: number
  format?: string
}
type Parameter = { in: 'path' | 'query'; name: string; schema?: Schema }
type Operation = {
  parameters?: Parameter[]
  requestBody?: { content?: Record<string, { schema?: Schema }> }
}
type OpenApiDocument = { paths: Record<string, Record<string, Operation>> }

// The live stream stays open while its item exists; it is driven by its own tests.
const SKIPPED = new Set(['GET /api/v2/live'])

const deep = (depth: number): unknown => (depth === 0 ? 'x' : { a: [deep(depth - 1)] })

/** Values no valid request holds: control characters, numbers past every column, loose ids, wrong types. */
const hostile = fc.constantFrom<unknown>(
  '\u0000',
  'a\u0000b',
  '%00',
  'x\u001b[2J\u0007',
  '\ud800',
  '2147483648',
  '99999999999999999999',
  '-1',
  '0',
  '0x10',
  ' 1',
  '1e3',
  '1.5',
  '',
  ' ',
  'a'.repeat(70_000),
  '__proto__',
  'constructor',
  "' OR 1=1 --",
  '<img src=x onerror=alert(1)>',
  '../../etc/passwd',
  2_147_483_648,
  -2_147_483_649,
  1e308,
  -0,
  0.5,
  Number.MAX_SAFE_INTEGER + 2,
  true,
  null,
  [],
  {},
  [null],
  { __proto__: null, polluted: true },
  deep(60),
)

function typeOf(schema: Schema): string | undefined {
  return Array.isArray(schema.type) ? schema.type[0] : schema.type
}

/** A value of the declared type (within its bounds most of the time), or a hostile one. */
function valueFor(schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 3, arbitrary: declared(schema ?? {}, depth) }, { weight: 1, arbitrary: hostile })
}

function declared(schema: Schema, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const)
  if (schema.enum) return fc.constantFrom(...schema.enum)
  const variants = schema.anyOf ?? schema.oneOf
  if (variants?.length) return fc.oneof(...variants.map((variant) => declared(variant, depth)))
  switch (typeOf(schema)) {
    case 'integer':
      return fc.oneof(
        fc.integer({ min: schema.minimum ?? -10, max: Math.min(schema.maximum ?? 10, 2 ** 31) }),
        fc.integer({ min: 1, max: 6 }),
      )
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true })
    case 'boolean':
      return fc.boolean()
    case 'array':
      return depth > 3 ? fc.constant([]) : fc.array(valueFor(schema.items, depth + 1), { maxLength: 3 })
    case 'object':
      return depth > 3 ? fc.constant({}) : objectFor(schema, depth + 1)
    default:
      return stringFor(schema)
  }
}

function stringFor(schema: Schema): fc.Arbitrary<unknown> {
  if (schema.allOf?.length || schema.format === 'binary') return fc.oneof(idLike, fc.string())
  if (schema.format === 'email') return fc.constantFrom('admin@teplo.demo', 'nobody@example.com', 'x@y')
  if (schema.format === 'uri') return fc.constantFrom('http://localhost/reset', 'javascript:alert(1)')
  const maxLength = Math.min(schema.maxLength ?? 40, 40)
  return fc.oneof(
    fc.string({ minLength: Math.min(schema.minLength ?? 0, maxLength), maxLength }),
    fc.string({ unit: 'binary', maxLength }),
    idLike,
  )
}

// Ids of the seeded rows, so that operations reach the database rather than stopping at "not found".
const idLike = fc.oneof(fc.integer({ min: 1, max: 6 }).map(String), fc.integer({ min: 1 }).map(String))

function objectFor(schema: Schema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.entries(schema.properties ?? {})
  const model = Object.fromEntries(properties.map(([name, property]) => [name, valueFor(property, depth)]))
  return fc.record(model, { requiredKeys: [] })
}

type Request = {
  method: string
  url: string
  role: 'admin' | 'user' | 'anonymous'
  payload?: string
  contentType?: string
}

function encode(value: unknown): string {
  return encodeURIComponent(typeof value === 'object' ? JSON.stringify(value) : String(value))
}

/** Whole bodies that are not the declared object: wrong types, deep nesting, prototype keys, JSON:API wraps. */
function bodyFor(schema: Schema | undefined, type: string): fc.Arbitrary<string> {
  const fields = objectFor(schema ?? {}, 0)
  return fc.oneof(
    { weight: 4, arbitrary: fields.map((body) => JSON.stringify(body)) },
    { weight: 1, arbitrary: fields.map((attributes) => JSON.stringify({ data: { type, attributes } })) },
    {
      weight: 1,
      arbitrary: fields.map(
        (body) =>
          `{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}},${JSON.stringify(body).slice(1)}`,
      ),
    },
    { weight: 1, arbitrary: hostile.map((value) => JSON.stringify(value) ?? 'null') },
    {
      weight: 1,
      arbitrary: fc.constantFrom('[', '{"a":', '"\\u0000"', `${'['.repeat(5000)}${']'.repeat(5000)}`),
    },
  )
}

function requestsFor(method: string, path: string, operation: Operation): fc.Arbitrary<Request> {
  const parameters = operation.parameters ?? []
  const pathValues = parameters.filter((p) => p.in === 'path')
  const queryValues = parameters.filter((p) => p.in === 'query')
  const content = operation.requestBody?.content ?? {}
  // A JSON:API call documents its body as the document; its attributes are the flat form it also takes.
  const envelope = content['application/vnd.api+json']?.schema as
    | { properties?: { data?: { properties?: { attributes?: Schema } } } }
    | undefined
  const jsonSchema = content['application/json']?.schema ?? envelope?.properties?.data?.properties?.attributes
  const multipart = 'multipart/form-data' in content
  const type = /^\/api\/v2\/([^/]+)/.exec(path)?.[1] ?? 'x'
  return fc
    .record({
      role: fc.constantFrom<Request['role']>('admin', 'user', 'anonymous'),
      path: fc.tuple(...pathValues.map((p) => valueFor(p.schema))),
      query: fc.tuple(...queryValues.map((p) => fc.option(valueFor(p.schema), { nil: undefined }))),
      body:
        jsonSchema || method === 'POST' || method === 'PATCH'
          ? fc.option(bodyFor(jsonSchema, type))
          : fc.constant(null),
      image: fc.constantFrom('GIF89a', '\u0000\u0000', '<svg onload=alert(1)>'),
    })
    .map(({ role, path: pathArgs, query, body, image }): Request => {
      let url = path
      pathValues.forEach((parameter, i) => {
        url = url.replace(`{${parameter.name}}`, encode(pathArgs[i]))
      })
      const search = queryValues
        .map((parameter, i) => (query[i] === undefined ? '' : `${parameter.name}=${encode(query[i])}`))
        .filter(Boolean)
        .join('&')
      if (search) url += `?${search}`
      if (multipart) {
        const boundary = 'fuzzboundary'
        const payload = `--${boundary}\r\nContent-Disposition: form-data; name="attachment"; filename="a.gif"\r\nContent-Type: image/gif\r\n\r\n${image}\r\n--${boundary}--\r\n`
        return { method, url, role, payload, contentType: `multipart/form-data; boundary=${boundary}` }
      }
      return body === null
        ? { method, url, role }
        : { method, url, role, payload: body, contentType: 'application/json' }
    })
}

let app: TestApp
let operations: [string, string, Operation][]
const tokens: Record<string, string> = {}
beforeAll(async () => {
  app = await build()
  const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json<OpenApiDocument>()
  // The named schemas written out, so that bodies are built from their members.
  const paths = inlineRefs(document, document.paths) as OpenApiDocument['paths']
  operations = Object.entries(paths)
    .flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]): [string, string, Operation] => [
        method.toUpperCase(),
        path,
        operation,
      ]),
    )
    .filter(([method, path]) => !SKIPPED.has(`${method} ${path}`))
    // What ends a session or removes accounts goes last, so the other operations run signed in.
    .sort(([a, pathA], [b, pathB]) => rank(a, pathA) - rank(b, pathB))
})
afterAll(async () => {
  await app?.closeAll()
})

const CYRILLIC = /\p{Script=Cyrillic}/u

function refusalDetails(res: { statusCode: number; body: string }): string[] {
  if (res.statusCode < 400 || res.statusCode >= 500) return []
  try {
    const document = JSON.parse(res.body) as { errors?: { detail?: unknown }[]; message?: unknown }
    return (document.errors ?? []).map((error) => String(error.detail ?? ''))
  } catch {
    return [`not a JSON error document: ${res.body.slice(0, 80)}`]
  }
}

function rank(method: string, path: string): number {
  if (path.endsWith('/logout') || (method === 'DELETE' && /\/me(\/sessions.*)?$/.test(path))) return 2
  return method === 'DELETE' ? 1 : 0
}

// The screens show a refusal's detail as it comes, in the language the request asks for (ADR 032): Ukrainian by
// default, English for an English screen.
const LANGUAGES = [
  { name: 'Ukrainian' as string, headers: {}, speaks: (detail: string) => CYRILLIC.test(detail) },
  {
    name: 'English' as string,
    headers: { 'accept-language': 'en' },
    speaks: (detail: string) => !CYRILLIC.test(detail),
  },
] as const

describe('fuzzing every operation of the OpenAPI document', () => {
  it.each(LANGUAGES)(
    `answers no 5xx and refuses in $name (seed ${SEED}, ${RUNS} runs an operation)`,
    async (language) => {
      expect(operations.length).toBeGreaterThan(40)
      // Signed in afresh: the run before ends its sessions last.
      for (const account of DEMO_ACCOUNTS)
        tokens[account.role] = await loginAs(app, account.email, account.password)
      const failures: string[] = []
      const untranslated = new Set<string>()
      const statuses = new Map<number, number>()
      for (const [method, path, operation] of operations) {
        await fc
          .assert(
            fc.asyncProperty(requestsFor(method, path, operation), async (request) => {
              const token = request.role === 'anonymous' ? undefined : tokens[request.role]
              const res = await app.inject({
                method: request.method as 'GET',
                url: request.url,
                headers: {
                  ...language.headers,
                  ...(token ? bearer(token) : {}),
                  ...(request.contentType ? { 'content-type': request.contentType } : {}),
                },
                ...(request.payload === undefined ? {} : { payload: request.payload }),
              })
              statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1)
              if (res.statusCode >= 500) {
                failures.push(
                  `${res.statusCode} ${request.role} ${request.method} ${request.url.slice(0, 200)} ${request.payload?.slice(0, 300) ?? ''}`,
                )
                return false
              }
              for (const detail of refusalDetails(res)) {
                if (!language.speaks(detail))
                  untranslated.add(`${res.statusCode} ${method} ${path}: ${detail}`)
              }
              return true
            }),
            { seed: SEED, numRuns: RUNS, endOnFailure: true },
          )
          .catch(() => undefined)
      }
      if (process.env.FUZZ_REPORT) {
        const total = [...statuses.values()].reduce((sum, n) => sum + n, 0)
        console.info(`fuzz: ${total} requests, by status`, Object.fromEntries([...statuses].sort()))
      }
      expect(failures).toEqual([])
      // A refusal's detail is what the screens show.
      expect([...untranslated]).toEqual([])
      expect(statuses.get(422)).toBeGreaterThan(0)
    },
    600_000,
  )
})
