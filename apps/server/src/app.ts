import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Config } from './config.ts'
import type { DatabaseHandle } from './db/client.ts'
import auth from './plugins/app/auth.ts'
import demoDevices from './plugins/app/demo-devices.ts'
import deviceLink from './plugins/app/device-link.ts'
import events from './plugins/app/events.ts'
import live from './plugins/app/live.ts'
import mailer from './plugins/app/mailer.ts'
import configPlugin from './plugins/external/config.ts'
import db from './plugins/external/db.ts'
import errors from './plugins/external/errors.ts'
import { jsonApiRepliesPlugin, jsonApiRequestsPlugin } from './plugins/external/json-api.ts'
import openApi from './plugins/external/openapi.ts'
import security from './plugins/external/security.ts'
import shutdown from './plugins/external/shutdown.ts'
import web from './plugins/external/web.ts'
import authRoutes from './routes/api/v2/auth.ts'
import categoriesRoutes from './routes/api/v2/categories.ts'
import helpRequestsRoutes from './routes/api/v2/help-requests.ts'
import historyRoutes from './routes/api/v2/history.ts'
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
    // Requests arriving while the server stops get a JSON:API 503 from teplo-shutdown instead of Fastify's.
    return503OnClosing: false,
    // The first start creates and seeds the embedded database, which takes longer on a busy machine.
    pluginTimeout: 60_000,
  }).withTypeProvider<ZodTypeProvider>()

  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)

  // Each plugin names the plugins it needs (fastify-plugin `dependencies`); Fastify refuses to register one
  // before them, so this order is checked at every start.
  await app.register(configPlugin, { config })
  await app.register(db, { database: options.database })
  await app.register(errors)
  await app.register(shutdown)
  await app.register(jsonApiRequestsPlugin)
  await app.register(security)
  await app.register(openApi)
  await app.register(auth)
  await app.register(events)
  await app.register(mailer)
  await app.register(live)
  await app.register(deviceLink)
  await app.register(demoDevices)

  await app.register(healthRoutes)
  await app.register(uploadedFilesRoutes)
  await app.register(
    async (api) => {
      await api.register(jsonApiRepliesPlugin)
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
      await api.register(historyRoutes)
      await api.register(itemErrorsRoutes)
      await api.register(liveRoutes)
    },
    { prefix: '/api/v2' },
  )
  await app.register(web)
  return app
}
