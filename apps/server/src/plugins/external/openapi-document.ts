import type { SwaggerTransform, SwaggerTransformObject } from '@fastify/swagger'
import * as domain from '@teplo/domain'
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod'
import { z } from 'zod'

// How the OpenAPI document is written from the routes (ADR 054): named schemas, JSON:API media types, the
// answers every call may give, operation ids.

const JSON_API = 'application/vnd.api+json'

/** Every zod schema the domain exports, named after its export (`categoryDocumentSchema` → CategoryDocument). */
export function namedDomainSchemas(): z.core.$ZodRegistry<{ id: string }> {
  const registry = z.registry<{ id: string }>()
  for (const [name, value] of Object.entries(domain).sort(([a], [b]) => a.localeCompare(b))) {
    if (!name.endsWith('Schema') || !(value instanceof z.ZodType) || registry.has(value)) continue
    const id = name.slice(0, -'Schema'.length)
    registry.add(value, { id: id.charAt(0).toUpperCase() + id.slice(1) })
  }
  return registry
}

type JsonSchema = Record<string, unknown>
type Answer = { description: string; content?: unknown; headers?: Record<string, unknown> }

// The error document is one of the named schemas (ErrorDocument).
const errorContent = { [JSON_API]: { schema: { $ref: '#/components/schemas/ErrorDocument' } } }
const retryAfter = {
  'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer' } },
}
const ERRORS: Record<string, Answer> = {
  400: { description: 'A path or query parameter is invalid (`source.parameter`)', content: errorContent },
  401: { description: 'Not signed in, or the session is over', content: errorContent },
  403: { description: 'Signed in, but not allowed to do this', content: errorContent },
  404: { description: 'No such resource, or not visible to the caller', content: errorContent },
  406: {
    description: 'The Accept header allows no form of the answer the API writes',
    content: errorContent,
  },
  409: {
    description: "The document's type or id does not match the address, or the state forbids it",
    content: errorContent,
  },
  415: { description: 'A media type the API does not read', content: errorContent },
  422: { description: 'The body is invalid (`source.pointer` names the member)', content: errorContent },
  429: {
    description: 'Too many requests; try again after Retry-After',
    content: errorContent,
    headers: retryAfter,
  },
  503: {
    description: 'A dependency is unavailable or the server is stopping; try again after Retry-After',
    content: errorContent,
    headers: retryAfter,
  },
}

/** The JSON:API document a flat body is sent in: `{ data: { type, id?, attributes } }`. */
function envelope(flat: JsonSchema, type: string | undefined): JsonSchema {
  return {
    type: 'object',
    required: ['data'],
    properties: {
      data: {
        type: 'object',
        required: ['type'],
        properties: {
          type: type ? { type: 'string', const: type } : { type: 'string' },
          id: { type: 'string', description: 'On a change: the id in the address' },
          attributes: flat,
        },
      },
    },
  }
}

/** Keeps the named schemas the document refers to (directly or through another named schema). */
function pruneComponents(document: { components?: { schemas?: Record<string, unknown> } }): void {
  const schemas = document.components?.schemas
  if (!schemas) return
  const refs = (value: unknown) =>
    [...JSON.stringify(value).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1] as string)
  const { components, ...rest } = document as { components?: unknown }
  const kept = new Set<string>()
  const queue = refs(rest)
  while (queue.length > 0) {
    const name = queue.pop() as string
    if (kept.has(name) || !(name in schemas)) continue
    kept.add(name)
    queue.push(...refs(schemas[name]))
  }
  void components
  for (const name of Object.keys(schemas)) if (!kept.has(name)) delete schemas[name]
}

export function openApiTransforms(): {
  transform: SwaggerTransform
  transformObject: SwaggerTransformObject
} {
  const registry = namedDomainSchemas()
  const zodTransform = createJsonSchemaTransform({ schemaRegistry: registry })
  const zodTransformObject = createJsonSchemaTransformObject({ schemaRegistry: registry })

  const transform: SwaggerTransform = (input) => {
    const { schema, url } = zodTransform(input)
    const multipart = (input.schema as { multipartBody?: z.ZodType } | undefined)?.multipartBody
    const documented = { ...(schema as Record<string, unknown>) }
    if (multipart) {
      delete documented.multipartBody
      documented.body = z.toJSONSchema(multipart)
    }
    if (!url.startsWith('/api/v2/')) return { schema: documented as typeof schema, url }
    const config = (input.route as { config?: { jsonApi?: boolean; resourceType?: string } }).config
    const jsonApi = config?.jsonApi !== false
    const method = String(Array.isArray(input.route.method) ? input.route.method[0] : input.route.method)
    // Every /api/v2 route is a declared operation with its id (ADR 054), the event stream names its own.
    if (typeof documented.operationId !== 'string') throw new Error(`${method} ${url}: no operationId`)
    if (jsonApi) documented.produces = [JSON_API]
    const body = documented.body as JsonSchema | undefined
    if (body && !multipart && jsonApi) {
      // The document only: a generated client types its bodies from it. The flat form the server also takes
      // (the attributes alone, as `application/json`) is an extension, described in the API's description.
      documented.body = { content: { [JSON_API]: { schema: envelope(body, config?.resourceType) } } }
    }
    const responses = { ...(documented.response as Record<string, JsonSchema> | undefined) }
    if (responses[201]) responses[201] = { ...responses[201], headers: { Location: { type: 'string' } } }
    const errors = ['503', '429']
    if (Array.isArray(documented.security) && documented.security.length === 0) {
      // A public call: no session to lack.
    } else errors.push('401', '403')
    if (/:\w+/.test(url)) errors.push('404')
    if (documented.params || documented.querystring) errors.push('400')
    if (body) errors.push('409', '415', '422')
    if (jsonApi) errors.push('406')
    documented.response = responses
    ;(documented as { 'x-errors'?: string[] })['x-errors'] = errors
    return { schema: documented as typeof schema, url }
  }

  const transformObject: SwaggerTransformObject = (input) => {
    const document = zodTransformObject(input) as {
      paths?: Record<string, Record<string, Record<string, unknown>>>
    }
    for (const [path, operations] of Object.entries(document.paths ?? {})) {
      for (const operation of Object.values(operations)) {
        const errors = operation['x-errors'] as string[] | undefined
        delete operation['x-errors']
        if (!errors) continue
        const responses = (operation.responses ?? {}) as Record<string, Answer>
        for (const status of errors.sort()) responses[status] ??= ERRORS[status] as Answer
        operation.responses = responses
      }
      if (path === '/api/v2/live') {
        const live = operations.get?.responses as Record<string, Answer> | undefined
        if (live?.[200]) {
          live[200] = {
            description:
              'A stream of Server-Sent Events (`item`, `notifications`, `deleted`, `revoked`, `heartbeat`)',
            content: { 'text/event-stream': { schema: { type: 'string' } } },
          }
        }
      }
    }
    pruneComponents(document as { components?: { schemas?: Record<string, unknown> } })
    return document as ReturnType<SwaggerTransformObject>
  }

  return { transform, transformObject }
}
