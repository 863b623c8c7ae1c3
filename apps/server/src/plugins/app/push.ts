import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { type Resolver, systemResolver } from '../../lib/public-address.ts'
import { createPushSender, type PushSender } from '../../modules/push/push-sender.ts'
import { loadVapidKeys } from '../../modules/push/vapid-keys.ts'

declare module 'fastify' {
  interface FastifyInstance {
    push: PushSender
  }
}

export type PushPluginOptions = {
  /** How push service names are resolved (tests pass a stub: no network); the system's resolver otherwise. */
  resolver?: Resolver | undefined
}

// Web push with the server's VAPID keys (VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY, else DATA_DIR/vapid-keys.json), only
// to public addresses (PUSH_ALLOWED_HOSTS, PUSH_ALLOW_LOOPBACK; ADR 045).
async function pushPlugin(app: FastifyInstance, options: PushPluginOptions): Promise<void> {
  const { vapid, dataDir, push } = app.config
  const keys = loadVapidKeys(vapid.keys, dataDir)
  const endpointPolicy = { ...push, resolve: options.resolver ?? systemResolver }
  app.decorate('push', createPushSender({ keys, subject: vapid.subject, log: app.log, endpointPolicy }))
}

export default fp(pushPlugin, { name: 'teplo-push', dependencies: ['teplo-config'] })
