import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { Alarms } from '../../modules/alarms/alarm-service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    alarms: Alarms
  }
}

/**
 * Alarms (ADR 023): raised and cleared from the device traffic announced on app.events, notified in the app and
 * through the outbox (e-mail, push). Runs on every instance; the database decides who raises and who sends.
 */
async function alarmsPlugin(app: FastifyInstance): Promise<void> {
  const alarms = new Alarms({
    db: app.db,
    events: app.events,
    log: app.log.child({ module: 'alarms' }),
    mailer: app.mailer,
    appUrl: app.config.appUrl,
    clearHoldMs: app.config.alarmClearSeconds * 1000,
    checkMs: app.config.alarmCheckSeconds * 1000,
    retryMs: app.config.notifyRetrySeconds * 1000,
    pushSender: app.push.sendPushToUser,
  })
  app.decorate('alarms', alarms)
  alarms.start()
  // onClose hooks run in the reverse order of registration: the device link (registered later) has written and
  // announced what it received before this runs, so those messages are still judged; the mailer and the
  // database (registered earlier) are still open for the last deliveries.
  app.addHook('onClose', async () => alarms.close())
}

export default fp(alarmsPlugin, {
  name: 'teplo-alarms',
  dependencies: ['teplo-config', 'teplo-db', 'teplo-events', 'teplo-mailer', 'teplo-push'],
})
