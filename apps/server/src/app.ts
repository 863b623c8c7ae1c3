import { registerAllMessages } from '@teplo/domain'
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Config } from './config.ts'
import type { DatabaseHandle } from './db/client.ts'
import type { Resolver } from './lib/public-address.ts'
import { createResponseSerializerCompiler } from './lib/response-serializer.ts'
import { maskingStream } from './lib/secret-urls.ts'
import { validatorCompiler } from './lib/zod-validator.ts'
import { accountEmailRoutes } from './modules/account-email/account-email.routes.ts'
import { alarmsRoutes } from './modules/alarms/alarms.routes.ts'
import { apiTokensRoutes } from './modules/api-tokens/api-tokens.routes.ts'
import { authRoutes } from './modules/auth/auth.routes.ts'
import { categoriesRoutes } from './modules/categories/categories.routes.ts'
import { energyRoutes } from './modules/energy/energy.routes.ts'
import { firmwareRoutes } from './modules/firmware/firmware.routes.ts'
import { fleetRoutes } from './modules/fleet/fleet.routes.ts'
import { helpRequestsRoutes } from './modules/help-requests/help-requests.routes.ts'
import { historyRoutes } from './modules/history/history.routes.ts'
import { homeAssistantRoutes } from './modules/home-assistant/home-assistant.routes.ts'
import { installationRoutes } from './modules/installation/installation.routes.ts'
import { itemErrorsRoutes } from './modules/item-errors/item-errors.routes.ts'
import { itemsRoutes } from './modules/items/items.routes.ts'
import { provisioningRoutes } from './modules/items/provisioning.routes.ts'
import { liveRoutes } from './modules/live/live.routes.ts'
import { maintenanceRoutes } from './modules/maintenance/maintenance.routes.ts'
import { passwordResetRoutes } from './modules/password-reset/password-reset.routes.ts'
import { pelletsRoutes } from './modules/pellets/pellets.routes.ts'
import { profileRoutes } from './modules/profile/profile.routes.ts'
import { pushRoutes } from './modules/push/push.routes.ts'
import { rolesRoutes } from './modules/roles/roles.routes.ts'
import { scheduleRoutes } from './modules/schedule/schedule.routes.ts'
import { serviceSettingsRoutes } from './modules/service-settings/service-settings.routes.ts'
import { setupRoutes } from './modules/setup/setup.routes.ts'
import { sharingRoutes } from './modules/sharing/sharing.routes.ts'
import { tagsRoutes } from './modules/tags/tags.routes.ts'
import { twoFactorRoutes } from './modules/two-factor/two-factor.routes.ts'
import { uploadsRoutes } from './modules/uploads/uploads.routes.ts'
import { usersRoutes } from './modules/users/users.routes.ts'
import { webhooksRoutes } from './modules/webhooks/webhooks.routes.ts'
import alarmsPlugin from './plugins/app/alarms.ts'
import auth from './plugins/app/auth.ts'
import demoDevices from './plugins/app/demo-devices.ts'
import deviceLink from './plugins/app/device-link.ts'
import events from './plugins/app/events.ts'
import heavyReads from './plugins/app/heavy-reads.ts'
import homeAssistant from './plugins/app/home-assistant.ts'
import itemCache from './plugins/app/item-cache.ts'
import live from './plugins/app/live.ts'
import mailOutbox from './plugins/app/mail-outbox.ts'
import mailer from './plugins/app/mailer.ts'
import push from './plugins/app/push.ts'
import webhooks from './plugins/app/webhooks.ts'
import configPlugin from './plugins/external/config.ts'
import db from './plugins/external/db.ts'
import errors from './plugins/external/errors.ts'
import { jsonApiRepliesPlugin, jsonApiRequestsPlugin } from './plugins/external/json-api.ts'
import openApi from './plugins/external/openapi.ts'
import security from './plugins/external/security.ts'
import shutdown from './plugins/external/shutdown.ts'
import web from './plugins/external/web.ts'
import healthRoutes from './routes/health.ts'
import uploadedFilesRoutes from './routes/uploads.ts'

// The wording of every message in both languages (ADR 055), before anything renders one.
registerAllMessages()

// zod's own messages (a rule without a message of ours, e.g. a number sent as text) reach the client: Ukrainian by
// default; an English request has them written again in English (lib/zod-validator.ts, ADR 032).
z.config(z.locales.uk())

export type BuildOptions = {
  config: Config
  // Tests pass an already-open database shared by the whole file.
  database?: DatabaseHandle
  /** The embedded database's thread stopped and could not be opened again (main.ts stops the process). */
  onDatabaseLost?: (err: Error) => void
  logger?: FastifyServerOptions['logger']
  // Tests resolve push service names with a stub (ADR 045).
  pushResolver?: Resolver
  // Tests resolve webhook hosts with a stub (ADR 061).
  webhookResolver?: Resolver
  // Tests resolve Home Assistant broker hosts with a stub (ADR 062).
  brokerResolver?: Resolver
}

// A request's line reads "GET /api/v2/items 200 3 ms" instead of its JSON objects.
const PRETTY_REQUEST_LINE =
  '{if req.method}{req.method} {req.url} {end}{if res.statusCode}{res.statusCode} {end}{msg}'

/**
 * JSON lines, or one readable line per entry with pino-pretty. pino-pretty is a development dependency: a
 * production install (`npm install --omit=dev`) has none, and LOG_FORMAT=pretty (or a terminal) then logs JSON,
 * saying so once (`fallback`). Every line passes through maskingStream: a broker, database or SMTP URL in a
 * message or an error never shows its password (`out`: where JSON lines go; pretty ones go to standard output).
 */
export async function loggerOptions(
  config: Config,
  out: { write: (line: string) => unknown } = process.stdout,
): Promise<{ logger: FastifyServerOptions['logger']; fallback: string | undefined }> {
  const options = {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie'],
  }
  const json = { ...options, stream: maskingStream(out) }
  if (config.logFormat === 'json') return { logger: json, fallback: undefined }
  let pretty: typeof import('pino-pretty')
  try {
    pretty = (await import('pino-pretty')).default
  } catch {
    return {
      logger: json,
      fallback:
        'LOG_FORMAT=pretty needs pino-pretty, a development dependency not installed here: logging JSON',
    }
  }
  const stream = pretty({
    colorize: Boolean(process.stdout.isTTY),
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId,req,res',
    messageFormat: PRETTY_REQUEST_LINE,
    singleLine: true,
    // Written in this process, so nothing is lost when it exits.
    sync: true,
  })
  return { logger: { ...options, stream: maskingStream(stream) }, fallback: undefined }
}

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config } = options
  const logging = options.logger === undefined ? await loggerOptions(config) : undefined
  const app = Fastify({
    logger: options.logger ?? logging?.logger,
    // One line per request, at debug (below): at info they cost a busy server more than some requests do, and
    // a load balancer's /health checks would fill the log.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
    // A number of hops as a function: Fastify takes a number at run time, its types do not.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops) => (_address: string, hop: number) =>
              hop < hops
          )(config.trustProxy)
        : config.trustProxy,
    // Requests arriving while the server stops get a JSON:API 503 from teplo-shutdown instead of Fastify's.
    return503OnClosing: false,
    // The first start creates and seeds the embedded database, which takes longer on a busy machine.
    pluginTimeout: 60_000,
  }).withTypeProvider<ZodTypeProvider>()
  if (logging?.fallback) app.log.warn(logging.fallback)

  // A callback hook: it runs after every request, and an async one costs a promise each.
  app.addHook('onResponse', (request, reply, done) => {
    // A route may raise its own level (the live stream: its URL may carry a token).
    if (request.log.level !== 'debug' && request.log.level !== 'trace') return done()
    const responseTime = Math.round(reply.elapsedTime * 10) / 10
    request.log.debug(
      {
        req: { method: request.method, url: request.url.replace(/([?&]access_token=)[^&]*/, '$1…') },
        res: { statusCode: reply.statusCode },
        responseTime,
      },
      `${responseTime} ms`,
    )
    done()
  })

  app.setValidatorCompiler(validatorCompiler)
  // Answers written by their schema without validating them again; tests also check them against zod.
  app.setSerializerCompiler(createResponseSerializerCompiler({ verify: config.env === 'test' }))

  // Each plugin names the plugins it needs (fastify-plugin `dependencies`); Fastify refuses to register one
  // before them, so this order is checked at every start.
  await app.register(configPlugin, { config })
  await app.register(db, { database: options.database, onLost: options.onDatabaseLost })
  await app.register(errors)
  await app.register(shutdown)
  await app.register(jsonApiRequestsPlugin)
  await app.register(security)
  await app.register(openApi)
  await app.register(events)
  await app.register(auth)
  await app.register(heavyReads)
  await app.register(itemCache)
  await app.register(mailer)
  await app.register(mailOutbox)
  await app.register(push, { resolver: options.pushResolver })
  await app.register(live)
  await app.register(alarmsPlugin)
  await app.register(webhooks, { resolver: options.webhookResolver })
  await app.register(homeAssistant, { resolver: options.brokerResolver })
  await app.register(deviceLink)
  await app.register(demoDevices)

  await app.register(healthRoutes)
  await app.register(uploadedFilesRoutes)
  await app.register(
    async (api) => {
      await api.register(jsonApiRepliesPlugin)
      await api.register(authRoutes)
      await api.register(twoFactorRoutes)
      await api.register(apiTokensRoutes)
      await api.register(passwordResetRoutes)
      await api.register(profileRoutes)
      await api.register(accountEmailRoutes)
      await api.register(pushRoutes)
      await api.register(webhooksRoutes)
      await api.register(homeAssistantRoutes)
      await api.register(uploadsRoutes)
      await api.register(helpRequestsRoutes)
      await api.register(setupRoutes)
      await api.register(rolesRoutes)
      await api.register(tagsRoutes)
      await api.register(categoriesRoutes)
      await api.register(usersRoutes)
      await api.register(itemsRoutes)
      await api.register(provisioningRoutes)
      await api.register(historyRoutes)
      await api.register(pelletsRoutes)
      await api.register(energyRoutes)
      await api.register(maintenanceRoutes)
      await api.register(installationRoutes)
      await api.register(scheduleRoutes)
      await api.register(serviceSettingsRoutes)
      await api.register(sharingRoutes)
      await api.register(fleetRoutes)
      await api.register(firmwareRoutes)
      await api.register(itemErrorsRoutes)
      await api.register(liveRoutes)
      await api.register(alarmsRoutes)
    },
    { prefix: '/api/v2' },
  )
  await app.register(web)
  return app
}
