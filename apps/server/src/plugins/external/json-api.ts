import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { flattenBody, JSON_API } from '../../lib/jsonapi.ts'

declare module 'fastify' {
  interface FastifyContextConfig {
    // false: the route answers plain JSON (the token answers, the broker's auth hook).
    jsonApi?: boolean
  }
}

// Requests may be flat JSON or a JSON:API document (either media type); routes validate one flat shape.
async function jsonApiRequests(app: FastifyInstance): Promise<void> {
  app.addContentTypeParser(JSON_API, { parseAs: 'string' }, app.getDefaultJsonParser('error', 'error'))
  app.addHook('preValidation', async (request) => {
    if (request.body !== undefined) request.body = flattenBody(request.body)
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
  scope.addHook('onSend', async (request, reply, payload) => {
    const json = String(reply.getHeader('content-type') ?? '').startsWith('application/json')
    if (reply.statusCode < 300 && json && request.routeOptions.config.jsonApi !== false) reply.type(JSON_API)
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store')
    return payload
  })
}

export const jsonApiRepliesPlugin = fp(jsonApiReplies, { name: 'teplo-json-api-replies' })
