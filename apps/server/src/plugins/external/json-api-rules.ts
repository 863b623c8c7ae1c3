import type { ApiError } from '@teplo/domain'
import { msg } from '@teplo/domain'
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preValidationHookHandler,
  RouteOptions,
} from 'fastify'
import { errorObject, HttpError } from '../../lib/api-error.ts'
import { JSON_API } from '../../lib/jsonapi.ts'
import {
  checkQuery,
  type Fieldsets,
  fieldsetTypes,
  isDeclarableQueryName,
  type QueryRules,
} from '../../lib/query-parameters.ts'
import { readOnlyKeys, settleEchoedMembers } from '../../lib/read-only-members.ts'
import { documentResources, memberNames, type ResourceMembers } from '../../lib/zod-members.ts'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route creates resources whose id the client chooses (none does yet): a POSTed `data.id` is kept. */
    clientIds?: boolean
  }
  interface FastifyRequest {
    /** The JSON:API document as sent, before it was flattened for the route (null: a flat body or none). */
    jsonApiDocument: { data?: { type?: unknown; id?: unknown } } | null
    /** The sparse fieldsets (`fields[type]`) the answer is trimmed to. */
    jsonApiFieldsets: Fieldsets | null
    /** A PATCH document sent back whole: its read-only members that differ, and the stored resource's answer. */
    jsonApiEcho: { errors: ApiError[]; stored: string } | null
  }
}

const API_PREFIX = '/api/v2/'

type SchemaOptions = { querystring?: unknown; body?: unknown; response?: Record<string, unknown> }

/** Where the route rules (query, client ids, read-only members) are checked: after the route's own access hooks. */
type DocumentCheck = (request: FastifyRequest) => void

/**
 * Adds to every /api/v2 route, at the end of its preValidation hooks (so a caller without access is refused by
 * the route's authentication and access hooks first, before anything about the request itself is judged):
 * - the document's type, id and client-generated id (`checkDocument`);
 * - its query parameters against the names its schema declares, and `fields[type]` against its answer;
 * - on a PATCH whose URL also answers GET, the read-only members of a document sent back whole (settled
 *   against the stored resource first of all, so the route's access hooks judge what the PATCH really changes).
 * Checks at start that each declared query name follows JSON:API's naming rule.
 */
export function addRouteRules(app: FastifyInstance, checkDocument: DocumentCheck): void {
  // GET answers by route URL: the resource a PATCH of the same URL changes.
  const readable = new Map<string, ResourceMembers>()

  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith(API_PREFIX)) return
    const schema = (route.schema ?? {}) as SchemaOptions
    const methods = [route.method].flat()
    const reads = methods.includes('GET') || methods.includes('HEAD')
    const declared = memberNames(schema.querystring)
    const undeclarable = [...declared].filter((name) => !isDeclarableQueryName(name))
    if (undeclarable.length > 0)
      throw new Error(
        `${methods.join(',')} ${route.url}: query parameter names must contain a character outside a-z ` +
          `(JSON:API 1.1): ${undeclarable.join(', ')}`,
      )
    const resources = reads ? documentResources(schema.response?.['200']) : null
    const rules: QueryRules = {
      declared,
      fieldsets: resources ? fieldsetTypes(resources) : new Map(),
    }
    if (resources && methods.includes('GET') && resources.primary.size === 1)
      readable.set(route.url, [...resources.primary.values()][0]!)
    const writable = methods.includes('PATCH') ? memberNames(schema.body) : null

    // A callback hook: it runs on every request, and an async one costs a promise each.
    const check: preValidationHookHandler = function routeRules(request, reply, done) {
      try {
        checkDocument(request)
        request.jsonApiFieldsets = checkQuery(request.query as Record<string, unknown>, rules)
        // Answered already (nothing left to change): the hook chain ends here.
        if (request.jsonApiEcho && answerEcho(request, reply, request.jsonApiEcho)) return
      } catch (error) {
        return done(error as Error)
      }
      done()
    }
    const hooks = [route.preValidation ?? []].flat()
    if (!writable) route.preValidation = [...hooks, check]
    else {
      // First: what a PATCH asks for (and so the right it needs) is what differs from the stored resource.
      const settle: preValidationHookHandler = async function echoedMembers(request) {
        const resource = readable.get(route.url)
        if (resource) request.jsonApiEcho = await settleEcho(request, writable, resource)
      }
      route.preValidation = [settle, ...hooks, check]
    }
  })
}

type Echo = NonNullable<FastifyRequest['jsonApiEcho']>

/**
 * A PATCH body that carries read-only members is a document read and sent back: each member equal to the stored
 * one is no change and is dropped here, before the route's access hooks read the body; a read-only one that
 * differs is noted, refused (403 on its pointer) once those hooks have let the caller through.
 */
async function settleEcho(
  request: FastifyRequest,
  writable: ReadonlySet<string>,
  resource: ResourceMembers,
): Promise<Echo | null> {
  const body = request.body
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null
  const flat = body as Record<string, unknown>
  if (readOnlyKeys(flat, writable, resource).length === 0) return null
  const stored = await readStored(request)
  if (!stored) return null
  const { kept, errors } = settleEchoedMembers(flat, writable, resource, stored.document.data ?? {})
  request.body = kept
  return { errors, stored: stored.raw }
}

/** The refusal of read-only members that differ; or, with nothing left to change, the resource as it is. */
function answerEcho(request: FastifyRequest, reply: FastifyReply, echo: Echo): FastifyReply | undefined {
  if (echo.errors.length > 0) throw new HttpError(403, echo.errors)
  const body = request.body as Record<string, unknown>
  if (Object.keys(body).length === 0) return reply.status(200).type(JSON_API).send(echo.stored)
}

type StoredDocument = {
  data?: { attributes?: Record<string, unknown>; relationships?: Record<string, never> }
}

/** The resource as the caller reads it now: the same URL's GET, as the same caller from the same address. */
async function readStored(
  request: FastifyRequest,
): Promise<{ raw: string; document: StoredDocument } | null> {
  const headers: Record<string, string> = { accept: JSON_API }
  for (const name of ['authorization', 'accept-language', 'user-agent']) {
    const value = request.headers[name]
    if (typeof value === 'string') headers[name] = value
  }
  const answer = await request.server.inject({
    method: 'GET',
    url: request.url.split('?')[0]!,
    headers,
    remoteAddress: request.ip,
  })
  // Not readable (gone, no access): the route's own checks and schema answer the request.
  if (answer.statusCode !== 200) return null
  return { raw: answer.body, document: answer.json<StoredDocument>() }
}

/** 403 for a client-generated id in a POST (JSON:API 1.1): no resource here takes one. */
export function refuseClientId(request: FastifyRequest): void {
  if (request.method !== 'POST' || request.routeOptions.config.clientIds) return
  const data = request.jsonApiDocument?.data
  if (typeof data === 'object' && data !== null && !Array.isArray(data) && 'id' in data) {
    throw new HttpError(403, [
      errorObject(403, msg('server.jsonApi.serverAssignsId'), {
        pointer: '/data/id',
      }),
    ])
  }
}
