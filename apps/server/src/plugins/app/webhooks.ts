import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { AppEvents } from '../../lib/events.ts'
import { type Resolver, systemResolver } from '../../lib/public-address.ts'
import type { WebhookAddressPolicy } from '../../modules/webhooks/webhook-address.ts'
import {
  alarmEvent,
  enqueueWebhookEvent,
  presenceEvent,
  settingsEvent,
} from '../../modules/webhooks/webhook-events.ts'
import { WebhookOutboxWorker } from '../../modules/webhooks/webhook-outbox.ts'

declare module 'fastify' {
  interface FastifyInstance {
    webhooks: {
      policy: WebhookAddressPolicy
      worker: WebhookOutboxWorker
      /** A delivery was queued: a round now rather than at the next poll. */
      kick: () => void
      /** Queuing of the events announced so far is done (tests). */
      settled: () => Promise<void>
    }
  }
}

export type WebhooksPluginOptions = {
  /** How webhook hosts are resolved (tests pass a stub: no network); the system's resolver otherwise. */
  resolver?: Resolver | undefined
}

// Longest wait before the outbox is looked at again (retries are due by their own backoff).
const POLL_SECONDS = 5

/**
 * Webhooks (ADR 061): the device events announced on app.events by the instance where they happened are queued
 * here, in the database; the outbox worker of every instance sends what is due (one instance per delivery).
 */
async function webhooksPlugin(app: FastifyInstance, options: WebhooksPluginOptions): Promise<void> {
  const log = app.log.child({ module: 'webhooks' })
  const { webhooks: config, appUrl } = app.config
  const policy = { allowPrivate: config.allowPrivate, resolve: options.resolver ?? systemResolver }
  const worker = new WebhookOutboxWorker({
    db: app.db,
    log,
    policy,
    retryMs: config.retrySeconds * 1000,
    windowMs: config.retryHours * 3600 * 1000,
    maxFailures: config.maxFailures,
    appUrl,
  })
  let closing = false
  const round = () => {
    if (closing) return
    worker.runOnce().catch((err: unknown) => log.warn({ err }, 'webhooks: round failed; trying again later'))
  }
  // Queued one after another, in the order they were announced.
  let queue: Promise<void> = Promise.resolve()
  const queueEvent = (build: () => Promise<Parameters<typeof enqueueWebhookEvent>[1] | null>) => {
    queue = queue
      .then(async () => {
        const event = await build()
        if (event && (await enqueueWebhookEvent(app.db, event)) > 0) round()
      })
      .catch((err: unknown) => log.error({ err }, 'webhooks: event not queued'))
  }
  const listeners: { [K in keyof AppEvents]?: (...args: AppEvents[K]) => void } = {
    'alarm.changed': ({ alarmId, change }) => {
      if (change !== 'acknowledged') queueEvent(() => alarmEvent(app.db, alarmId, change))
    },
    'settings.acknowledged': (settled) => queueEvent(async () => settingsEvent(settled)),
    'device.presence-changed': (change) => queueEvent(async () => presenceEvent(change)),
  }
  app.decorate('webhooks', { policy, worker, kick: round, settled: () => queue })
  for (const [name, listener] of Object.entries(listeners))
    app.events.on(name as keyof AppEvents, listener as never)
  let timer: NodeJS.Timeout | undefined
  app.addHook('onReady', async () => {
    timer = setInterval(round, Math.min(POLL_SECONDS, config.retrySeconds) * 1000)
    timer.unref()
    round()
  })
  app.addHook('onClose', async () => {
    closing = true
    for (const [name, listener] of Object.entries(listeners))
      app.events.off(name as keyof AppEvents, listener as never)
    clearInterval(timer)
    await queue
    await worker.idle()
  })
}

export default fp(webhooksPlugin, {
  name: 'teplo-webhooks',
  dependencies: ['teplo-config', 'teplo-db', 'teplo-events', 'teplo-mail-outbox'],
})
