import { sql } from 'drizzle-orm'
import type { FastifyPluginAsync } from 'fastify'

const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/health', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await app.db.execute(sql`select 1`)
      const queue = app.deviceLink?.queue
      // Per instance: device messages written since start, dropped as invalid, and held waiting to be written.
      const ingest = queue ? { ...queue.counts, backlog: queue.backlog } : null
      return { status: 'ok', database: app.dbKind, ingest }
    } catch (err) {
      app.log.error({ err }, 'health check: database unreachable')
      return reply.status(503).send({ status: 'unavailable', database: app.dbKind })
    }
  })
}

export default healthRoutes
