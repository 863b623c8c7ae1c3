import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { createMailer, type Mailer } from '../../lib/mailer.ts'

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer
  }
}

export function registerMailer(app: FastifyInstance): void {
  const mailer = createMailer({
    smtpUrl: app.config.smtpUrl,
    from: app.config.mailFrom,
    mailDir: path.join(app.config.dataDir, 'mail'),
    log: app.log,
  })
  app.decorate('mailer', mailer)
  app.addHook('onClose', async () => mailer.close())
}
