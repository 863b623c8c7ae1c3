import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Config } from './config.ts'
import { type Database, type DatabaseHandle, openDatabase } from './db/client.ts'
import { seedIfEmpty } from './db/seed.ts'
import { registerAuth } from './plugins/app/auth.ts'
import { registerEvents } from './plugins/app/events.ts'
import { registerErrorHandling } from './plugins/external/errors.ts'
import { registerSecurity } from './plugins/external/security.ts'
import { registerWeb } from './plugins/external/web.ts'
import authRoutes from './routes/api/v2/auth.ts'
import meRoutes from './routes/api/v2/me.ts'
import healthRoutes from './routes/health.ts'

declare module 'fastify' {
  interface FastifyInstance {
    config: Config
    db: Database
    dbKind: DatabaseHandle['kind']
  }
}

export type BuildOptions = {
  config: Config
  // Tests pass an already-open database shared by the whole file.
  database?: DatabaseHandle
  logger?: FastifyServerOptions['logger']
}

function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie'],
  }
}

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config } = options
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config),
    bodyLimit: 1024 * 1024,
    trustProxy: true,
    disableRequestLogging: config.env === 'test',
  }).withTypeProvider<ZodTypeProvider>()

  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)

  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: `${config.dataDir}/pgdata`,
    }))
  app.decorate('config', config)
  app.decorate('db', database.db)
  app.decorate('dbKind', database.kind)
  if (!options.database) app.addHook('onClose', () => database.close())
  if (await seedIfEmpty(database.db)) app.log.info('seeded a fresh database with demo data')

  registerErrorHandling(app)
  await registerSecurity(app)
  registerAuth(app)
  registerEvents(app)

  await app.register(healthRoutes)
  await app.register(
    async (api) => {
      await api.register(authRoutes)
      await api.register(meRoutes)
    },
    { prefix: '/api/v2' },
  )
  await registerWeb(app, config.webDist, config.serveWeb)
  return app
}
