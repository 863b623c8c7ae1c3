import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { createMailer, type Mailer } from '../../lib/mailer.ts'

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer
  }
}

// SMTP with SMTP_URL, else mail files under DATA_DIR/mail.
async function mailerPlugin(app: FastifyInstance): Promise<void> {
  const mailer = createMailer({
    smtpUrl: app.config.smtpUrl,
    from: app.config.mailFrom,
    mailDir: path.join(app.config.dataDir, 'mail'),
    log: app.log,
  })
  app.decorate('mailer', mailer)
  app.addHook('onClose', async () => mailer.close())
}

export default fp(mailerPlugin, { name: 'teplo-mailer', dependencies: ['teplo-config'] })
