import type { SimulatorHandle } from '@teplo/simulator'
import type { FastifyInstance } from 'fastify'
import { startDemoBoilers } from '../../modules/demo/demo-boilers.ts'
import { localBrokerUrl } from '../../modules/demo/demo-devices.service.ts'

/**
 * Simulated controllers for the demo boilers (DEMO_DEVICES), started once the app is ready. Register it BEFORE
 * the device link: preClose hooks run in registration order, and the boilers must say goodbye while the
 * broker still runs.
 */
export function registerDemoDevices(app: FastifyInstance): void {
  if (!app.config.demoDevices) return
  const log = app.log.child({ module: 'demo-devices' })
  let simulator: SimulatorHandle | null = null

  app.addHook('onReady', async () => {
    const link = app.deviceLink
    if (!link) return
    if (link.transport.kind !== 'embedded') {
      log.info('demo boilers are simulated only with the embedded MQTT broker (MQTT_URL unset)')
      return
    }
    simulator = await startDemoBoilers({
      db: app.db,
      events: app.events,
      brokerUrl: localBrokerUrl(link.transport.address, app.config.mqttHost),
      log,
    })
  })
  app.addHook('preClose', async () => {
    await simulator?.stop()
    simulator = null
  })
}
