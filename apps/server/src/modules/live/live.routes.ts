import { idSchema, LANGUAGES, msg, operations } from '@teplo/domain'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { unauthorized } from '../../lib/api-error.ts'
import { addOperation } from '../../lib/operation-route.ts'
import { requestLanguage } from '../../lib/request-language.ts'
import { currentUser } from '../../plugins/app/auth.ts'
import { accessOf, findItemFor, itemFor } from '../items/item-access.ts'
import { accessTokenActive } from './access-token.ts'
import { openEventStream } from './event-stream.ts'
import { itemDocument, type LiveSubscriber } from './live-hub.ts'
import { issueLiveTicket } from './live-tickets.ts'

const liveQuery = z.object({
  // Without it, the account's stream: `event: notifications` (the bell).
  item_id: idSchema('item_id').optional(),
  // EventSource cannot send headers: the browser asks POST /live/tickets first and passes the ticket here.
  ticket: z.string().min(1).max(100).optional(),
  // The language of the texts the documents carry (a sync reason): EventSource sends the browser's Accept-Language,
  // not the screen's, so the web says it here.
  ui_language: z.enum(LANGUAGES).optional(),
  // Refused with its own message: a month-long token in a URL stays in proxies' logs.
  access_token: z.string().max(500).optional(),
})

const TOKEN_IN_URL = msg('server.live.tokenInAddress')

/**
 * The live streams (`GET /live`) and their tickets. The stream stays a plain route, not a declared operation:
 * it authenticates by a ticket in its query (EventSource sends no header), which no declared access describes,
 * and it answers an event stream, not a document (its OpenAPI answer is written in openapi-document.ts).
 */
export async function liveRoutes(plain: FastifyInstance): Promise<void> {
  const app = plain.withTypeProvider<ZodTypeProvider>()
  type Caller = ReturnType<typeof currentUser>

  // A ticket, or an Authorization header (other clients); never the bearer token in the query.
  async function authenticateStream(request: FastifyRequest, reply: FastifyReply) {
    const query = request.query as z.infer<typeof liveQuery>
    if (query.access_token !== undefined) throw unauthorized(TOKEN_IN_URL)
    if (query.ticket !== undefined) return app.authenticateLiveTicket(request, query.ticket)
    return app.authenticate(request, reply)
  }

  addOperation(
    plain,
    operations.createLiveTicket,
    async (request) => issueLiveTicket(app.db, currentUser(request).tokenId),
    // A phone reconnecting on a flaky network asks for one each time; a loop asks for far more.
    { config: { rateLimit: { max: 120, timeWindow: '1 minute' } } },
  )

  function checkSessionOf(stream: ReturnType<typeof openEventStream>, caller: Caller) {
    accessTokenActive(app.db, caller.tokenId).then(
      (active) => active || stream.close(),
      () => {},
    )
  }

  /** A stream as the hub sees it: its heartbeat also checks that the session still holds. */
  function subscriberOf(stream: ReturnType<typeof openEventStream>, caller: Caller): LiveSubscriber {
    return {
      viewer: { userId: caller.userId, role: caller.role, language: caller.language },
      send: (event, data) => stream.send(event, data),
      close: (retryMs) => stream.close(retryMs),
      heartbeat: () => {
        stream.send('heartbeat', JSON.stringify({ ts: new Date().toISOString() }))
        checkSessionOf(stream, caller)
      },
      checkSession: () => checkSessionOf(stream, caller),
    }
  }

  // The account's stream: its notifications now, then whenever they change.
  async function accountStream(request: FastifyRequest, reply: FastifyReply, caller: Caller) {
    let unsubscribe = () => {}
    const stream = openEventStream(request, reply, () => unsubscribe())
    const subscriber = subscriberOf(stream, caller)
    unsubscribe = app.live.subscribeUser(caller.userId, subscriber)
    if (stream.closed) return unsubscribe()
    const current = await app.live.notificationsDocument(caller.userId).catch(() => null)
    if (current) stream.send('notifications', current)
    else stream.close()
  }

  app.get(
    '/live',
    {
      schema: {
        // Named here: the stream is the one /api/v2 route that is not a declared operation (see above).
        operationId: 'openEventStream',
        tags: ['live'],
        summary:
          'Server-Sent Events for one device (`item_id`): `event: item` with its document on every change; without `item_id`, the account: `event: notifications` (newest five and the unread count); `event: heartbeat` every 15 s',
        description:
          'Authenticate with `Authorization: Bearer …` or, from EventSource, `?ticket=…` from `POST /live/tickets` ' +
          '(single use, valid 30 s); a bearer token in the query (`access_token`) is refused with 401. Devices the caller ' +
          'may not see answer 404. The stream ends when the session ends, the device is deleted (`event: deleted`) or the ' +
          "caller's access to it ends (`event: revoked`).",
        querystring: liveQuery,
        response: {
          200: z
            .string()
            .describe(
              'text/event-stream: `event: item` with the item document as data, `heartbeat`, `deleted`',
            ),
        },
      },
      // The URL may carry a ticket (spent at once) or a refused token: keep it out of the request log anyway.
      logLevel: 'warn',
      preHandler: authenticateStream,
    },
    async (request, reply) => {
      const caller = {
        ...currentUser(request),
        language: request.query.ui_language ?? requestLanguage(request),
      }
      if (request.query.item_id === undefined) return accountStream(request, reply, caller)
      const { item } = await itemFor(app.db, caller, request.query.item_id)
      let unsubscribe = () => {}
      const stream = openEventStream(request, reply, () => unsubscribe())
      const subscriber = subscriberOf(stream, caller)
      unsubscribe = app.live.subscribe(item.id, subscriber)
      // The browser may have gone while the item was being read.
      if (stream.closed) return unsubscribe()
      // The current state first, read after subscribing so that no change falls in between.
      const current = await findItemFor(app.db, caller.userId, item.id).catch(() => undefined)
      const access = current ? accessOf(caller, current.item, current.share) : null
      if (current && access !== null) stream.send('item', itemDocument(caller, current.item, access))
      else stream.close()
    },
  )
}
