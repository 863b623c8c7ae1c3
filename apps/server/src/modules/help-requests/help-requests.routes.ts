import { operations } from '@teplo/domain'
import type { FastifyInstance } from 'fastify'
import { addOperation } from '../../lib/operation-route.ts'
import { currentUser } from '../../plugins/app/auth.ts'
import { DemoLogins } from '../auth/demo-logins.ts'
import { createHelpRequest } from './help-requests.service.ts'

/**
 * Help: a request to support, and what the help and sign-in pages show to anyone (declared in @teplo/domain
 * `operations/help.ts`).
 */
export async function helpRequestsRoutes(app: FastifyInstance): Promise<void> {
  addOperation(
    app,
    operations.createHelpRequest,
    async (request) => {
      const { userId, name, email } = currentUser(request)
      const desk = { db: app.db, mailer: app.mailer, supportEmail: app.config.supportEmail, log: request.log }
      return createHelpRequest(desk, { userId, name, email }, request.body)
    },
    // Each request lands in a person's mailbox.
    { config: { rateLimit: { max: 10, timeWindow: '1 minute' } } },
  )

  // The help page shows these to anyone, signed in or not: they come from configuration, not the database.
  addOperation(app, operations.getSupport, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300')
    return {
      data: {
        type: 'support' as const,
        id: '1' as const,
        attributes: { phone: app.config.supportPhone, email: app.config.supportEmail },
      },
    }
  })

  const demoLogins = new DemoLogins(app.db)
  // Computed once at start; afterwards only when a demo account's password changed. A real installation (DEMO=false)
  // never offers them, even while a leftover account still has its published password (it is warned instead).
  app.addHook('onReady', async () => {
    if (app.config.demo) await demoLogins.current()
  })
  addOperation(app, operations.getDemoLogins, async () => {
    const accounts = app.config.demo ? await demoLogins.current() : []
    return {
      data: {
        type: 'demo-logins' as const,
        id: '1' as const,
        attributes: {
          demo: accounts.length > 0,
          accounts: accounts.map(({ role, email, password }) => ({ role, email, password })),
        },
      },
    }
  })
}
