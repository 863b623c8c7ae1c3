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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * A stop without dropped requests. When close begins (first preClose hook), requests already received run to
 * their answer while the listener stays open and every request arriving meanwhile gets a JSON:API 503 with
 * Retry-After; only then does Fastify stop listening. A connection the kernel accepted is therefore answered,
 * not reset. Every answer from then on closes its connection, so no keep-alive socket holds the stop.
 */
async function shutdownPlugin(app: FastifyInstance): Promise<void> {
  const admitted = new Set<FastifyReply>()
  let draining = false
  app.decorate('draining', {
    getter: () => draining,
  })

  app.addHook('onRequest', async (_request, reply) => {
    if (draining) {
      reply.header('retry-after', String(RETRY_AFTER_SECONDS)).header('connection', 'close')
      return sendErrorDocument(
        reply,
        new HttpError(503, 'The server is restarting. Please try again in a few seconds.'),
      )
    }
    admitted.add(reply)
    reply.raw.once('close', () => admitted.delete(reply))
  })
  app.addHook('onSend', async (_request, reply) => {
    if (draining) reply.header('connection', 'close')
  })

  // Registered before the other plugins, so it runs first. Hijacked replies (live streams) count as answered:
  // the live hub ends them in its own preClose hook.
  app.addHook('preClose', async () => {
    draining = true
    while ([...admitted].some((reply) => !reply.sent)) await sleep(10)
  })
}

export default fp(shutdownPlugin, { name: 'teplo-shutdown', dependencies: ['teplo-errors'] })
