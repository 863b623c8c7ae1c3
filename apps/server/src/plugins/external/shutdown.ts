import type { FastifyInstance, FastifyReply } from 'fastify'
import fp from 'fastify-plugin'
import { HttpError } from '../../lib/api-error.ts'
import { sendErrorDocument } from './errors.ts'

/** What a client turned away during a stop is told to wait before trying again (seconds). */
export const RETRY_AFTER_SECONDS = 2

declare module 'fastify' {
  interface FastifyInstance {
    /** True from the moment the server starts to stop: new requests get a 503. */
    readonly draining: boolean
  }
}

/** After the last request in flight: the listener stays open until no request has come for this long… */
const QUIET_MS = 150
/** …but no longer than this, so that steady traffic cannot hold the stop open. */
const MAX_QUIET_WAIT_MS = 1500

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
// Timers run before the event loop polls sockets: after a busy stretch a timer would fire before the requests
// that arrived meanwhile are read. Two turns of the loop let them be accepted, read and answered first.
const pollTwice = async () => {
  for (let i = 0; i < 2; i++) await new Promise((resolve) => setImmediate(resolve))
}

/**
 * A stop without dropped requests. When close begins (first preClose hook), requests already received run to
 * their answer while the listener stays open and every request arriving meanwhile gets a JSON:API 503 with
 * Retry-After; only then does Fastify stop listening. A connection the kernel accepted is therefore answered,
 * not reset. Every answer from then on closes its connection, so no keep-alive socket holds the stop.
 */
async function shutdownPlugin(app: FastifyInstance): Promise<void> {
  const admitted = new Set<FastifyReply>()
  let draining = false
  let lastTurnedAwayAt = 0
  app.decorate('draining', {
    getter: () => draining,
  })

  // Callback hooks, not async ones: they run on every request, and a promise each costs more than their work.
  app.addHook('onRequest', (_request, reply, done) => {
    if (draining) {
      lastTurnedAwayAt = Date.now()
      reply.header('retry-after', String(RETRY_AFTER_SECONDS)).header('connection', 'close')
      // Answered here: the request goes no further (done is not called).
      sendErrorDocument(
        reply,
        new HttpError(503, 'Сервер перезапускається. Спробуйте ще раз за кілька секунд.'),
      )
      return
    }
    admitted.add(reply)
    reply.raw.once('close', () => admitted.delete(reply))
    done()
  })
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (draining) reply.header('connection', 'close')
    done(null, payload)
  })

  // Registered before the other plugins, so it runs first. Hijacked replies (live streams) count as answered:
  // the live hub ends them in its own preClose hook.
  app.addHook('preClose', async () => {
    draining = true
    while ([...admitted].some((reply) => !reply.sent)) await sleep(10)
    // Connections accepted by the kernel (or by Node) whose request has not been read yet — many, when the
    // event loop was busy — would be reset by closing the listener. Answer them first: wait for a quiet moment.
    const giveUpAt = Date.now() + MAX_QUIET_WAIT_MS
    do {
      await sleep(QUIET_MS)
      await pollTwice()
    } while (Date.now() - lastTurnedAwayAt < QUIET_MS && Date.now() < giveUpAt)
  })
}

export default fp(shutdownPlugin, { name: 'teplo-shutdown', dependencies: ['teplo-errors'] })
