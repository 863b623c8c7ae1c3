import { demoLoginsDocumentSchema, supportDocumentSchema } from '@teplo/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { DemoLogins } from '../../../modules/auth/demo-logins.ts'

// The help page shows these to anyone, signed in or not: they come from configuration, not the database.
const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/support',
    {
      schema: {
        tags: ['help'],
        summary: 'Support phone and e-mail shown on the help page',
        security: [],
        response: { 200: supportDocumentSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300')
      return {
        data: {
          type: 'support' as const,
          id: '1' as const,
          attributes: { phone: app.config.supportPhone, email: app.config.supportEmail },
        },
      }
    },
  )

  const demoLogins = new DemoLogins(app.db)
  // Computed once at start; afterwards only when a demo account's password changed. A real installation (DEMO=false)
  // never offers them, even while a leftover account still has its published password (it is warned instead).
  app.addHook('onReady', async () => {
    if (app.config.demo) await demoLogins.current()
  })
  app.get(
    '/demo-logins',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Demo accounts that still sign in with their published passwords (empty on a real installation)',
        security: [],
        response: { 200: demoLoginsDocumentSchema },
      },
    },
    async () => {
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
    },
  )
}

export default supportRoutes
