import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { type AppEventBus, createEventBus } from '../../lib/events.ts'

declare module 'fastify' {
  interface FastifyInstance {
    events: AppEventBus
  }
}

// The in-process event bus: modules announce changes on it, the device link and the live hub listen.
async function eventsPlugin(app: FastifyInstance): Promise<void> {
  const bus = createEventBus()
  app.decorate('events', bus)
  app.addHook('onClose', async () => {
    bus.removeAllListeners()
  })
}

export default fp(eventsPlugin, { name: 'teplo-events' })
