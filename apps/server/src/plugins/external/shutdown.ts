import { msg } from '@teplo/domain'
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
    /**
     * True from the stop signal on (before `draining` when SHUTDOWN_DELAY_SECONDS > 0): `/health` answers 503 so
     * that a load balancer takes the instance out, while every other request is still served.
     */
    readonly leavingRotation: boolean
    /** The first step of a stop (main.ts, on SIGTERM/SIGINT): out of the balancer's rotation, still serving. */
    leaveRotation(): void
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
  let leaving = false
  let lastTurnedAwayAt = 0
  app.decorate('draining', {
    getter: () => draining,
  })
  app.decorate('leavingRotation', {
    getter: () => leaving || draining,
  })
  app.decorate('leaveRotation', () => {
    leaving = true
  })

  // Callback hooks, not async ones: they run on every request, and a promise each costs more than their work.
  app.addHook('onRequest', (_request, reply, done) => {
    if (draining) {
      lastTurnedAwayAt = Date.now()
      reply.header('retry-after', String(RETRY_AFTER_SECONDS)).header('connection', 'close')
      // Answered here: the request goes no further (done is not called).
      sendErrorDocument(reply, new HttpError(503, msg('server.errors.restarting')))
      return
    }
    admitted.add(reply)
    reply.raw.once('close', () => admitted.delete(reply))
    done()
  })
  // Out of rotation, every answer closes its connection: a balancer's kept-alive connections move to the other
  // instances, so none sits idle here when the listener closes (an idle one is destroyed, racing a request).
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (leaving || draining) reply.header('connection', 'close')
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
