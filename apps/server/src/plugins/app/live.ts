import { EventEmitter } from 'node:events'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { AppEvents, RemoteChanges } from '../../lib/events.ts'
import { ClusterBridge } from '../../modules/live/cluster-bridge.ts'
import { LiveHub } from '../../modules/live/live-hub.ts'

const ANNOUNCE_WAIT_MS = 1000

declare module 'fastify' {
  interface FastifyInstance {
    live: LiveHub
    /** Other instances' device changes (empty on the embedded database: one instance). */
    remoteChanges: RemoteChanges
  }
}

/**
 * The live hub: item changes announced on app.events go out to the browsers watching them (SSE). On
 * PostgreSQL the changes of other server instances arrive through LISTEN/NOTIFY as well (the item cache forgets
 * those devices), and so do their accounts whose access changed (the token and item caches forget them).
 */
async function livePlugin(app: FastifyInstance): Promise<void> {
  const log = app.log.child({ module: 'live' })
  const hub = new LiveHub({ db: app.db, log })
  app.decorate('live', hub)
  const remoteChanges: RemoteChanges = new EventEmitter()
  remoteChanges.setMaxListeners(0)
  app.decorate('remoteChanges', remoteChanges)
  const onUpdated = ({ itemId }: AppEvents['item.updated'][0]) => hub.itemUpdated(itemId)
  const onDeleted = ({ itemId }: AppEvents['item.deleted'][0]) => hub.itemDeleted(itemId)
  const onNotified = ({ userId }: AppEvents['notifications.changed'][0]) => hub.userNotified(userId)
  const onAccessChanged = ({ userId }: AppEvents['user.access-changed'][0]) => hub.sessionsChanged(userId)
  app.events.on('item.updated', onUpdated)
  app.events.on('user.access-changed', onAccessChanged)
  app.events.on('item.deleted', onDeleted)
  app.events.on('notifications.changed', onNotified)
  const bridge = app.config.databaseUrl
    ? await ClusterBridge.start({
        databaseUrl: app.config.databaseUrl,
        events: app.events,
        // Another instance's change: its live viewers are told, and this instance forgets the device.
        target: {
          itemUpdated: (itemId) => {
            app.itemCache.invalidate(itemId)
            hub.itemUpdated(itemId)
            remoteChanges.emit('item.updated', { itemId })
          },
          itemDeleted: (itemId) => {
            app.itemCache.invalidate(itemId)
            hub.itemDeleted(itemId)
            remoteChanges.emit('item.deleted', { itemId })
          },
          userNotified: (userId) => hub.userNotified(userId),
          categoryChanged: () => app.itemCache.invalidateLists(),
        },
        log,
        accessChanged: (userId) => {
          app.tokenCache.forget(userId)
          hub.sessionsChanged(userId)
          if (userId === null) app.itemCache.clear()
          else app.itemCache.forgetUser(userId)
        },
        // While the bridge is down other instances' changes go unheard: devices are read from the database.
        linkChanged: (connected) => (connected ? app.itemCache.resume() : app.itemCache.suspend()),
      })
    : null
  if (bridge) {
    // A change is announced to the other instances before its writer's answer goes out (ADR 028). Reads announce
    // nothing and do not wait; a NOTIFY that hangs holds an answer for at most a second.
    app.addHook('onSend', (request, _reply, payload, done) => {
      if (request.method === 'GET' || !bridge.pending) return done(null, payload)
      let timer: NodeJS.Timeout | undefined
      const late = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, ANNOUNCE_WAIT_MS)
      })
      void Promise.race([bridge.announced(), late]).then(() => {
        clearTimeout(timer)
        done(null, payload)
      })
    })
  }
  // Open streams would keep the HTTP server from closing.
  app.addHook('preClose', async () => {
    app.events.off('item.updated', onUpdated)
    app.events.off('item.deleted', onDeleted)
    app.events.off('notifications.changed', onNotified)
    app.events.off('user.access-changed', onAccessChanged)
    hub.close()
    await bridge?.close()
  })
}

export default fp(livePlugin, {
  name: 'teplo-live',
  dependencies: ['teplo-config', 'teplo-db', 'teplo-events', 'teplo-auth', 'teplo-item-cache'],
})
