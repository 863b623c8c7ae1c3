import type { FastifyInstance } from 'fastify'
import { DeviceLink } from '../../modules/device-link/device-link.ts'

declare module 'fastify' {
  interface FastifyInstance {
    // null when MQTT_ENABLED=false.
    deviceLink: DeviceLink | null
  }
}

/** Starts the device link (broker, ingest, desired settings, presence); it needs the database and the events. */
export async function registerDeviceLink(app: FastifyInstance): Promise<void> {
  if (!app.config.mqttEnabled) {
    app.decorate('deviceLink', null)
    return
  }
  const link = await DeviceLink.start({
    db: app.db,
    config: app.config,
    events: app.events,
    log: app.log.child({ module: 'device-link' }),
  })
  app.decorate('deviceLink', link)
  app.addHook('preClose', async () => link.close())
}
