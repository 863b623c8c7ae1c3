import { msg } from '@teplo/domain'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { HttpError } from '../../lib/api-error.ts'
import { flattenBody, JSON_API } from '../../lib/jsonapi.ts'
import { acceptRefusal, contentTypeRefusal } from '../../lib/media-types.ts'
import { applyFieldsets } from '../../lib/query-parameters.ts'
import { addRouteRules, refuseClientId } from './json-api-rules.ts'

declare module 'fastify' {
  interface FastifyContextConfig {
    // false: the route answers plain JSON (the token answers, the broker's auth hook).
    jsonApi?: boolean
  }
}

// JSON:API: a document whose type or id does not match the endpoint is a conflict, not something to apply.
function assertMatchesEndpoint(request: FastifyRequest): void {
  const data = request.jsonApiDocument?.data
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return
  // Each operation declares the type its body's document carries, and which parameter names it (ADR 054).
  const type = request.routeOptions.config.resourceType
  const idParam = request.routeOptions.config.resourceIdParam ?? 'id'
  if (type && data.type !== undefined && String(data.type) !== type) {
    throw new HttpError(409, msg('server.jsonApi.typeMismatch', { type: String(data.type), expected: type }))
  }
  const id = (request.params as Record<string, unknown> | undefined)?.[idParam]
  if (id !== undefined && data.id !== undefined && String(data.id) !== String(id)) {
    throw new HttpError(409, msg('server.jsonApi.idMismatch', { id: String(data.id), expected: String(id) }))
  }
}

const API_PREFIX = '/api/v2/'

/**
 * JSON:API 1.1 content negotiation on /api/v2: 415 for the JSON:API media type with a parameter other than
 * ext/profile or an extension we do not apply; 406 when `Accept` allows only such forms of it and nothing else
 * we answer with (a route answering plain JSON, `jsonApi: false`, is not asked).
 */
function negotiate(request: FastifyRequest): void {
  if (!request.url.startsWith(API_PREFIX)) return
  const unreadable = contentTypeRefusal(request.headers['content-type'])
  if (unreadable) throw new HttpError(415, unreadable)
  if (request.routeOptions.config.jsonApi === false) return
  const unanswerable = acceptRefusal(request.headers.accept)
  if (unanswerable) throw new HttpError(406, unanswerable)
}

// Requests may be flat JSON or a JSON:API document (either media type); routes validate one flat shape. Many
// clients send a JSON content type with no body (logout, DELETE): an empty body is no body. Other media types
// are refused with 415 (Fastify's own text/plain parser would hand a string to the routes).
async function jsonApiRequests(app: FastifyInstance): Promise<void> {
  app.decorateRequest('jsonApiDocument', null)
  app.decorateRequest('jsonApiFieldsets', null)
  app.decorateRequest('jsonApiEcho', null)
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser(['application/json', 'text/plain'])
  app.addContentTypeParser(['application/json', JSON_API], { parseAs: 'string' }, (request, body, done) => {
    if (String(body).trim() === '') return done(null, undefined)
    return parseJson(request, String(body), done)
  })
  // Callback hooks: they run on every request (reads have no body), and an async one costs a promise each.
  app.addHook('onRequest', (request, _reply, done) => {
    try {
      negotiate(request)
    } catch (error) {
      return done(error as Error)
    }
    done()
  })
  // Flattened before the routes' own hooks, which read the members (what a PATCH asks for, echoed members).
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.body === undefined) return done()
    const body = request.body as { data?: unknown } | null
    if (typeof body === 'object' && body !== null && 'data' in body) {
      request.jsonApiDocument = body as NonNullable<FastifyRequest['jsonApiDocument']>
    }
    request.body = flattenBody(request.body)
    done()
  })
  // The document's own checks, the query and read-only members: after each route's access hooks.
  addRouteRules(app, (request) => {
    assertMatchesEndpoint(request)
    refuseClientId(request)
  })
  // The JSON:API media type takes no charset (JSON is UTF-8): Fastify adds one to a JSON type it serialises.
  app.addHook('onSend', (_request, reply, payload, done) => {
    const type = reply.getHeader('content-type')
    if (typeof type === 'string' && type.startsWith(`${JSON_API};`)) reply.header('content-type', JSON_API)
    done(null, payload)
  })
}

export const jsonApiRequestsPlugin = fp(jsonApiRequests, { name: 'teplo-json-api-requests' })

/**
 * The one place success answers get the JSON:API media type: every JSON answer of the scope this is
 * registered in (/api/v2), unless its route says `config: { jsonApi: false }`. Error documents get it from the
 * error handler; the SSE stream hijacks its reply and never passes here.
 * Also the one place answers are kept out of caches: API answers are personal (an account, a token, a
 * device), so each is `no-store` unless its route sets a policy of its own (the public GET /support).
 */
async function jsonApiReplies(scope: FastifyInstance): Promise<void> {
  // A created resource says where it lives (JSON:API, RFC 9110).
  // Callback hooks, not async ones: they run on every answer, and a promise each costs more than their work.
  scope.addHook(
    'preSerialization',
    (_request, reply, payload: { data?: { links?: { self?: unknown } } }, done) => {
      if (reply.statusCode === 201) {
        const self = payload?.data?.links?.self
        if (typeof self === 'string') reply.header('location', self)
      }
      done(null, payload)
    },
  )
  scope.addHook('onSend', (request, reply, payload, done) => {
    const json = String(reply.getHeader('content-type') ?? '').startsWith('application/json')
    if (reply.statusCode < 300 && json && request.routeOptions.config.jsonApi !== false) reply.type(JSON_API)
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store')
    // Sparse fieldsets: the answer was written whole by its schema, and is trimmed to what was asked for.
    if (request.jsonApiFieldsets && reply.statusCode === 200 && typeof payload === 'string')
      return done(null, JSON.stringify(applyFieldsets(JSON.parse(payload), request.jsonApiFieldsets)))
    done(null, payload)
  })
}

export const jsonApiRepliesPlugin = fp(jsonApiReplies, { name: 'teplo-json-api-replies' })
