import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { type Database, type DatabaseHandle, openDatabase } from '../../db/client.ts'
import { seedIfEmpty } from '../../db/seed.ts'

declare module 'fastify' {
  interface FastifyInstance {
    db: Database
    dbKind: DatabaseHandle['kind']
  }
}

export type DbPluginOptions = {
  // Tests pass an already-open database shared by the whole file; it stays open when the app closes.
  database?: DatabaseHandle | undefined
}

// PostgreSQL with DATABASE_URL, else PGlite under DATA_DIR; migrations run on open, demo data on first start.
async function dbPlugin(app: FastifyInstance, options: DbPluginOptions): Promise<void> {
  const { config } = app
  const database =
    options.database ??
    (await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: `${config.dataDir}/pgdata` }))
  app.decorate('db', database.db)
  app.decorate('dbKind', database.kind)
  if (!options.database) app.addHook('onClose', () => database.close())
  if (await seedIfEmpty(database.db, { demo: config.demo })) {
    app.log.info(
      config.demo ? 'seeded a fresh database with demo data' : 'seeded a fresh database (no demo data)',
    )
  }
}

export default fp(dbPlugin, { name: 'teplo-db', dependencies: ['teplo-config'] })
