import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { AppEvents } from '../../lib/events.ts'
import { ItemCache } from '../../modules/items/item-cache.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** Devices recently read by `GET /items/{id}` on this instance (ADR 028), dropped on every announced change. */
    itemCache: ItemCache
  }
}

/**
 * The item cache follows the event bus: a device changed, deleted, archived or paired is forgotten, and so is
 * every device of an account whose access changed, before the next request is read; any of these, or a device
 * type changed, forgets every remembered page of the device list. Other instances' changes
 * arrive through the cluster bridge (`teplo-live`).
 */
async function itemCachePlugin(app: FastifyInstance): Promise<void> {
  const cache = new ItemCache(app.config.itemCacheSeconds * 1000)
  app.decorate('itemCache', cache)
  const onItem = ({ itemId }: { itemId: number }) => cache.invalidate(itemId)
  const onAccessChanged = ({ userId }: AppEvents['user.access-changed'][0]) => cache.forgetUser(userId)
  const itemEvents = ['item.updated', 'item.deleted', 'item.archive-changed', 'item.verified'] as const
  for (const event of itemEvents) app.events.on(event, onItem)
  app.events.on('user.access-changed', onAccessChanged)
  const onCategory = () => cache.invalidateLists()
  app.events.on('category.changed', onCategory)
  app.addHook('onClose', async () => {
    app.events.off('category.changed', onCategory)
    for (const event of itemEvents) app.events.off(event, onItem)
    app.events.off('user.access-changed', onAccessChanged)
    cache.clear()
  })
}

export default fp(itemCachePlugin, {
  name: 'teplo-item-cache',
  dependencies: ['teplo-config', 'teplo-events'],
})
