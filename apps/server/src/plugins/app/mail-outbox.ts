import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { MailOutboxWorker } from '../../modules/mail-outbox/mail-outbox.ts'

declare module 'fastify' {
  interface FastifyInstance {
    mailOutbox: MailOutboxWorker
  }
}

// Longest wait before a queued message is looked at again (retries are due by their own backoff).
const POLL_SECONDS = 15

/**
 * The mail outbox (handover notices, ADR 033): sent at once after a handover on this instance, and by a periodic
 * round on every instance, which retries what failed (NOTIFY_RETRY_SECONDS, doubling) and takes over what another
 * instance left. On close the round under way finishes before the mailer closes.
 */
async function mailOutboxPlugin(app: FastifyInstance): Promise<void> {
  const log = app.log.child({ module: 'mail-outbox' })
  const worker = new MailOutboxWorker({
    db: app.db,
    mailer: app.mailer,
    log,
    retryMs: app.config.notifyRetrySeconds * 1000,
  })
  app.decorate('mailOutbox', worker)
  let closing = false
  const round = () => {
    if (closing) return
    worker
      .runOnce()
      .catch((err: unknown) => log.warn({ err }, 'mail outbox: round failed; trying again later'))
  }
  const onHandedOver = () => round()
  app.events.on('item.handed-over', onHandedOver)
  const seconds = Math.min(POLL_SECONDS, app.config.notifyRetrySeconds)
  let timer: NodeJS.Timeout | undefined
  app.addHook('onReady', async () => {
    timer = setInterval(round, seconds * 1000)
    timer.unref()
    round()
  })
  app.addHook('onClose', async () => {
    closing = true
    app.events.off('item.handed-over', onHandedOver)
    clearInterval(timer)
    await worker.idle()
  })
}

export default fp(mailOutboxPlugin, {
  name: 'teplo-mail-outbox',
  dependencies: ['teplo-config', 'teplo-db', 'teplo-events', 'teplo-mailer'],
})
