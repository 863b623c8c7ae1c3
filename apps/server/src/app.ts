import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Config } from './config.ts'
import { type Database, type DatabaseHandle, openDatabase } from './db/client.ts'
import { seedIfEmpty } from './db/seed.ts'
import { registerAuth } from './plugins/app/auth.ts'
import { registerDemoDevices } from './plugins/app/demo-devices.ts'
import { registerDeviceLink } from './plugins/app/device-link.ts'
import { registerEvents } from './plugins/app/events.ts'
import { registerLive } from './plugins/app/live.ts'
import { registerMailer } from './plugins/app/mailer.ts'
import { registerErrorHandling } from './plugins/external/errors.ts'
import { registerOpenApi } from './plugins/external/openapi.ts'
import { registerSecurity } from './plugins/external/security.ts'
import { registerWeb } from './plugins/external/web.ts'
import authRoutes from './routes/api/v2/auth.ts'
import categoriesRoutes from './routes/api/v2/categories.ts'
import deviceAuthRoutes from './routes/api/v2/device-auth.ts'
import helpRequestsRoutes from './routes/api/v2/help-requests.ts'
import itemErrorsRoutes from './routes/api/v2/item-errors.ts'
import itemsRoutes from './routes/api/v2/items.ts'
import liveRoutes from './routes/api/v2/live.ts'
import meRoutes from './routes/api/v2/me.ts'
import passwordRoutes from './routes/api/v2/password.ts'
import profileRoutes from './routes/api/v2/profile.ts'
import rolesRoutes from './routes/api/v2/roles.ts'
import supportRoutes from './routes/api/v2/support.ts'
import tagsRoutes from './routes/api/v2/tags.ts'
import uploadsRoutes from './routes/api/v2/uploads.ts'
import usersRoutes from './routes/api/v2/users.ts'
import healthRoutes from './routes/health.ts'
import uploadedFilesRoutes from './routes/uploads.ts'

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
    trustProxy: config.trustProxy,
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
  await registerOpenApi(app)
  registerAuth(app)
  registerEvents(app)
  registerMailer(app)
  await registerLive(app)
  // The demo boilers start once the app is ready; registered first so that they stop before the broker.
  registerDemoDevices(app)
  await registerDeviceLink(app)

  await app.register(healthRoutes)
  await app.register(uploadedFilesRoutes)
  await app.register(
    async (api) => {
      await api.register(authRoutes)
      await api.register(meRoutes)
      await api.register(passwordRoutes)
      await api.register(profileRoutes)
      await api.register(uploadsRoutes)
      await api.register(helpRequestsRoutes)
      await api.register(supportRoutes)
      await api.register(rolesRoutes)
      await api.register(tagsRoutes)
      await api.register(categoriesRoutes)
      await api.register(usersRoutes)
      await api.register(itemsRoutes)
      await api.register(itemErrorsRoutes)
      await api.register(liveRoutes)
      await api.register(deviceAuthRoutes)
    },
    { prefix: '/api/v2' },
  )
  await registerWeb(app, config.webDist, config.serveWeb)
  return app
}
