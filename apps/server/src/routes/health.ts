import { sql } from 'drizzle-orm'
import type { FastifyPluginAsync } from 'fastify'

const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/health', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await app.db.execute(sql`select 1`)
      return { status: 'ok', database: app.dbKind }
    } catch (err) {
      app.log.error({ err }, 'health check: database unreachable')
      return reply.status(503).send({ status: 'unavailable', database: app.dbKind })
    }
  })
}

export default healthRoutes
