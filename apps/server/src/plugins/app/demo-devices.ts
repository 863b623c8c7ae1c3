import type { SimulatorHandle } from '@teplo/simulator'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { startDemoBoilers } from '../../modules/demo/demo-boilers.ts'
import { localBrokerUrl } from '../../modules/demo/demo-devices.service.ts'
import { DemoHistoryProgress } from '../../modules/demo/demo-history-progress.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** Which demo boilers' generated past is still being written (history answers say so). */
    demoHistory: DemoHistoryProgress
  }
}

/**
 * Simulated controllers for the demo boilers (DEMO_DEVICES), started once the app is ready. They stop in
 * preClose: Fastify runs every preClose hook before any onClose hook, and the device link closes its broker in
 * onClose, so the boilers say goodbye while the broker still runs.
 */
async function demoDevicesPlugin(app: FastifyInstance): Promise<void> {
  const progress = new DemoHistoryProgress()
  app.decorate('demoHistory', progress)
  if (!app.config.demoDevices) return
  const log = app.log.child({ module: 'demo-devices' })
  let simulator: SimulatorHandle | null = null
  const stopping = new AbortController()

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
      historyDays: app.config.demoHistoryDays,
      signal: stopping.signal,
      progress,
    })
  })
  app.addHook('preClose', async () => {
    stopping.abort()
    await simulator?.stop()
    simulator = null
  })
}

export default fp(demoDevicesPlugin, {
  name: 'teplo-demo-devices',
  dependencies: ['teplo-config', 'teplo-db', 'teplo-events', 'teplo-device-link'],
})
