import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { AppEvents } from '../../lib/events.ts'
import { type Resolver, systemResolver } from '../../lib/public-address.ts'
import type { BrokerAddressPolicy } from '../../modules/home-assistant/broker-client.ts'
import { HomeAssistantManager } from '../../modules/home-assistant/manager.ts'

declare module 'fastify' {
  interface FastifyInstance {
    homeAssistant: { policy: BrokerAddressPolicy; manager: HomeAssistantManager }
  }
}

export type HomeAssistantPluginOptions = {
  /** How broker hosts are resolved (tests pass a stub: no network); the system's resolver otherwise. */
  resolver?: Resolver | undefined
}

/**
 * Home Assistant (ADR 062): the accounts' connections to their own brokers, each held by one instance (a lease in
 * the row). Device changes announced here or on another instance (app.remoteChanges) reach the bridges.
 */
async function homeAssistantPlugin(app: FastifyInstance, options: HomeAssistantPluginOptions): Promise<void> {
  const log = app.log.child({ module: 'home-assistant' })
  const policy = {
    allowPrivate: app.config.homeAssistant.allowPrivate,
    resolve: options.resolver ?? systemResolver,
  }
  const manager = new HomeAssistantManager({
    db: app.db,
    events: app.events,
    log,
    policy,
    retryMs: app.config.homeAssistant.retrySeconds * 1000,
  })
  app.decorate('homeAssistant', { policy, manager })
  const listeners: { [K in keyof AppEvents]?: (...args: AppEvents[K]) => void } = {
    'item.updated': ({ itemId }) => manager.itemChanged(itemId),
    'item.deleted': ({ itemId }) => manager.itemChanged(itemId),
    'alarm.changed': ({ itemId }) => manager.itemChanged(itemId),
    'user.access-changed': ({ userId }) => manager.accountChanged(userId),
    'home-assistant.changed': () => void manager.tick(),
  }
  const remote = {
    'item.updated': ({ itemId }: { itemId: number }) => manager.itemChanged(itemId),
    'item.deleted': ({ itemId }: { itemId: number }) => manager.itemChanged(itemId),
  }
  for (const [name, listener] of Object.entries(listeners))
    app.events.on(name as keyof AppEvents, listener as never)
  app.remoteChanges.on('item.updated', remote['item.updated'])
  app.remoteChanges.on('item.deleted', remote['item.deleted'])
  app.addHook('onReady', async () => manager.start())
  app.addHook('preClose', async () => {
    for (const [name, listener] of Object.entries(listeners))
      app.events.off(name as keyof AppEvents, listener as never)
    app.remoteChanges.off('item.updated', remote['item.updated'])
    app.remoteChanges.off('item.deleted', remote['item.deleted'])
    await manager.close()
  })
}

export default fp(homeAssistantPlugin, {
  name: 'teplo-home-assistant',
  dependencies: ['teplo-config', 'teplo-db', 'teplo-events', 'teplo-live'],
})
