import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { DeviceLink } from '../../modules/device-link/device-link.ts'

declare module 'fastify' {
  interface FastifyInstance {
    // null when MQTT_ENABLED=false.
    deviceLink: DeviceLink | null
  }
}

/**
 * The device link: broker, ingest, desired settings, presence. It closes in onClose, which Fastify runs after
 * every preClose hook and after in-flight requests have finished: their changes still reach the devices, and
 * the demo boilers (stopped in preClose) say goodbye while the broker still runs.
 */
async function deviceLinkPlugin(app: FastifyInstance): Promise<void> {
  if (!app.config.mqttEnabled) {
    app.decorate('deviceLink', null)
    return
  }
  const link = await DeviceLink.start({
    db: app.db,
    dbKind: app.dbKind,
    config: app.config,
    events: app.events,
    log: app.log.child({ module: 'device-link' }),
  })
  app.decorate('deviceLink', link)
  app.addHook('onClose', async () => link.close())
}

export default fp(deviceLinkPlugin, {
  name: 'teplo-device-link',
  dependencies: ['teplo-config', 'teplo-db', 'teplo-events'],
})
