import { isDeepStrictEqual } from 'node:util'
import fastJson from 'fast-json-stringify'
import type { FastifyReply, FastifySerializerCompiler } from 'fastify'
import { createSerializerCompiler } from 'fastify-type-provider-zod'
import { type ZodType, z } from 'zod'

// Answers are written by their response schema (the one contract, packages/domain) with fast-json-stringify,
// compiled once per route from the schema's JSON Schema: members the schema does not list are dropped, as the
// zod serialiser dropped them, but what the server built is not validated again on every answer (a 1,440-bucket
// history document spent most of its time there). Under NODE_ENV=test every answer is also put through the
// zod schema and both writings must agree, so the whole test suite checks this serialiser against the contract.

type Json = { [key: string]: unknown }

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const PRIMITIVES = new Set(['string', 'number', 'integer', 'boolean', 'null'])

/**
 * The JSON Schema of a zod schema, shaped for fast-json-stringify: no validation keywords it would not use
 * (patterns, formats, bounds), no `additionalProperties: false` (unlisted members are dropped anyway, and inside
 * a union they must not make a branch fail as zod's stripping does not), and `X | null` written as a nullable
 * X, so that no value needs a validator to choose its branch.
 */
export function serializationSchema(schema: ZodType): Json {
  const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'any' }) as Json
  delete json.$schema
  return simplify(json) as Json
}

function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify)
  if (!isObject(node)) return node
  const out: Json = {}
  for (const [key, value] of Object.entries(node)) {
    if (['pattern', 'format', 'minimum', 'maximum', 'minLength', 'maxLength', 'description'].includes(key))
      continue
    if (key === 'additionalProperties' && value === false) continue
    if (key === 'properties' && isObject(value)) {
      out.properties = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, simplify(sub)]))
      continue
    }
    out[key] = simplify(value)
  }
  const anyOf = out.anyOf
  if (Array.isArray(anyOf)) {
    const branches = anyOf.filter(isObject)
    const nonNull = branches.filter((branch) => branch.type !== 'null')
    const hasNull = nonNull.length < branches.length
    // All plain types: one type list.
    if (
      branches.every(
        (b) => typeof b.type === 'string' && PRIMITIVES.has(b.type) && Object.keys(b).length === 1,
      )
    ) {
      delete out.anyOf
      out.type = branches.map((b) => b.type)
    } else if (hasNull && nonNull.length === 1 && typeof nonNull[0]!.type === 'string') {
      delete out.anyOf
      Object.assign(out, nonNull[0], { nullable: true })
    }
  }
  return out
}

function resolveZod(maybeSchema: unknown): ZodType {
  if (maybeSchema instanceof z.ZodType) return maybeSchema
  if (isObject(maybeSchema) && maybeSchema.properties instanceof z.ZodType) return maybeSchema.properties
  throw new Error(`not a zod response schema: ${JSON.stringify(maybeSchema)}`)
}

const zodSerializerCompiler = createSerializerCompiler({})

/**
 * An answer already written as JSON text — by the database, for documents of thousands of values (history) —
 * sent as it is instead of being parsed and written again. Under NODE_ENV=test it is checked against the route's
 * schema like every other answer.
 */
export class SerializedJson {
  constructor(readonly text: string) {}
}

/** The answer `text` for a handler typed by its response schema (the type it stands for is the document's). */
export function serializedJson<T>(text: string): T {
  return new SerializedJson(text) as unknown as T
}

// Answers already written, by the object they were written from (a remembered document: ADR 028).
const written = new WeakMap<object, SerializedJson>()

/**
 * The answer for `document`, written by the route's serialiser the first time it is sent and reused for as long as
 * `key` (an object that stands for exactly this document, e.g. a remembered resource) lives. Only for documents
 * that are never changed once built.
 */
export function writtenOnce<T>(reply: FastifyReply, key: object, document: T): T {
  let known = written.get(key)
  if (!known) {
    known = new SerializedJson(String(reply.serialize(document)))
    written.set(key, known)
  }
  return known as unknown as T
}

export function createResponseSerializerCompiler(options: {
  verify: boolean
}): FastifySerializerCompiler<unknown> {
  return (route) => {
    const schema = resolveZod(route.schema)
    const checked = zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0])
    const write = writerOf(schema, checked)
    const mismatch = (written: string, expected: string) =>
      new Error(
        `${route.method} ${route.url}: the response serialiser wrote ${written.slice(0, 500)} where the schema gives ${expected.slice(0, 500)}`,
      )
    if (!options.verify) return (data) => (data instanceof SerializedJson ? data.text : write(data))
    return (data) => {
      const written = data instanceof SerializedJson ? data.text : write(data)
      const expected = checked(data instanceof SerializedJson ? JSON.parse(data.text) : data)
      if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(expected))) throw mismatch(written, expected)
      return written
    }
  }
}

function writerOf(schema: ZodType, checked: (data: unknown) => string): (data: unknown) => string {
  try {
    return fastJson(serializationSchema(schema) as unknown as Parameters<typeof fastJson>[0])
  } catch {
    // A schema fast-json-stringify cannot take is written through zod, as before.
    return checked
  }
}
