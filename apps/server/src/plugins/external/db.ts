import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { type Database, type DatabaseHandle, openDatabase } from '../../db/client.ts'
import { seedIfEmpty } from '../../db/seed.ts'

declare module 'fastify' {
  interface FastifyInstance {
    db: Database
    dbKind: DatabaseHandle['kind']
    /** Resolves when the database can serve; on the embedded one, without waiting for a statement running. */
    dbCheck: DatabaseHandle['check']
  }
}

export type DbPluginOptions = {
  // Tests pass an already-open database shared by the whole file; it stays open when the app closes.
  database?: DatabaseHandle | undefined
  /** The embedded database could not be opened again after its thread stopped. */
  onLost?: ((err: Error) => void) | undefined
}

// PostgreSQL with DATABASE_URL, else PGlite under DATA_DIR; migrations run on open, demo data on first start.
async function dbPlugin(app: FastifyInstance, options: DbPluginOptions): Promise<void> {
  const { config } = app
  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: `${config.dataDir}/pgdata`,
      // Meanwhile every statement fails as unavailable: requests get 503 with Retry-After (ADR 039).
      onStop: (err, restarting) =>
        app.log.error(
          { err },
          restarting ? 'database: the embedded database stopped; opening it again' : 'database: stopped',
        ),
      onLost: (err) => {
        app.log.fatal(
          { err },
          `database: the embedded database under ${config.dataDir} cannot be opened again`,
        )
        options.onLost?.(err)
      },
    }))
  app.decorate('db', database.db)
  app.decorate('dbKind', database.kind)
  app.decorate('dbCheck', database.check)
  if (!options.database) app.addHook('onClose', () => database.close())
  if (await seedIfEmpty(database.db, { demo: config.demo })) {
    app.log.info(
      config.demo ? 'seeded a fresh database with demo data' : 'seeded a fresh database (no demo data)',
    )
  }
}

export default fp(dbPlugin, { name: 'teplo-db', dependencies: ['teplo-config'] })
