import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { AppEvents } from '../../lib/events.ts'
import { sendHandoverNotices } from '../../modules/sharing/handover-mail.ts'

// Everyone who lost access to a device that changed hands is told by e-mail (ADR 033), by the instance where the
// handover happened. Notices still being sent when the server closes are waited for before the mailer closes.
async function handoverNoticesPlugin(app: FastifyInstance): Promise<void> {
  const sending = new Set<Promise<void>>()
  const onHandedOver = (notice: AppEvents['item.handed-over'][0]) => {
    const done = sendHandoverNotices(app.mailer, app.log, notice).finally(() => sending.delete(done))
    sending.add(done)
  }
  app.events.on('item.handed-over', onHandedOver)
  app.addHook('onClose', async () => {
    app.events.off('item.handed-over', onHandedOver)
    await Promise.all(sending)
  })
}

export default fp(handoverNoticesPlugin, {
  name: 'teplo-handover-notices',
  dependencies: ['teplo-config', 'teplo-events', 'teplo-mailer'],
})
