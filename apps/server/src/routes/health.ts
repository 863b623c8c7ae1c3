import type { FastifyPluginAsync } from 'fastify'
import { RETRY_AFTER_SECONDS } from '../plugins/external/shutdown.ts'

const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/health', { schema: { hide: true } }, async (_request, reply) => {
    // Stopping (SHUTDOWN_DELAY_SECONDS): out of the balancer's rotation, though still answering everything else.
    if (app.leavingRotation) {
      return reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ status: 'stopping', database: app.dbKind })
    }
    try {
      await app.dbCheck()
      const queue = app.deviceLink?.queue
      // Per instance: device messages written since start, dropped as invalid, and held waiting to be written.
      const ingest = queue ? { ...queue.counts, backlog: queue.backlog } : null
      // The link self-check (ADR 036): device messages do not reach this instance through its broker.
      const link = app.deviceLink?.transport.health() ?? null
      // Lost instances' broker sessions this instance drained and ended since it started (ADR 043).
      const takeover = app.deviceLink?.takeover
      const deviceLink = link && (takeover ? { ...link, sessions_taken_over: takeover.taken } : link)
      if (deviceLink?.status === 'failing') {
        return reply
          .status(503)
          .send({ status: 'unavailable', database: app.dbKind, device_link: deviceLink, ingest })
      }
      return { status: 'ok', database: app.dbKind, device_link: deviceLink, ingest }
    } catch (err) {
      app.log.error({ err }, 'health check: database unreachable')
      return reply.status(503).send({ status: 'unavailable', database: app.dbKind })
    }
  })
}

export default healthRoutes
