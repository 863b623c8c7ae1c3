import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { createPushSender, type PushSender } from '../../modules/push/push-sender.ts'
import { loadVapidKeys } from '../../modules/push/vapid-keys.ts'

declare module 'fastify' {
  interface FastifyInstance {
    push: PushSender
  }
}

// Web push with the server's VAPID keys (VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY, else DATA_DIR/vapid-keys.json).
async function pushPlugin(app: FastifyInstance): Promise<void> {
  const { vapid, dataDir } = app.config
  const keys = loadVapidKeys(vapid.keys, dataDir)
  app.decorate('push', createPushSender({ keys, subject: vapid.subject, log: app.log }))
}

export default fp(pushPlugin, { name: 'teplo-push', dependencies: ['teplo-config'] })
