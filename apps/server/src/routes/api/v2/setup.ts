import {
  installationDocumentSchema,
  noContentSchema,
  setupAdminSchema,
  setupCheckSchema,
  tokenResponseSchema,
} from '@teplo/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { sendVerificationLink } from '../../../modules/account-email/account-email.service.ts'
import { issueAccessToken } from '../../../modules/auth/access-tokens.ts'
import { DemoLogins } from '../../../modules/auth/demo-logins.ts'
import { sessionClient } from '../../../modules/auth/session-client.ts'
import { BackgroundTasks } from '../../../modules/password-reset/background-tasks.ts'
import { checkSetupToken, createAdmin } from '../../../modules/setup/first-admin.ts'

// A real installation's first administrator (ADR 044), and what an administrator is warned about.
const setupRoutes: FastifyPluginAsyncZod = async (app) => {
  const tasks = new BackgroundTasks(app.log)
  app.addHook('onClose', () => tasks.drain())
  const rateLimit = { max: 10, timeWindow: '1 minute' }

  app.post(
    '/setup/check',
    {
      schema: {
        security: [],
        tags: ['auth'],
        summary: 'Whether a setup link (printed at start while there is no administrator) still works',
        body: setupCheckSchema,
        response: { 204: noContentSchema },
      },
      config: { rateLimit },
    },
    async (request, reply) => {
      await checkSetupToken(app.db, request.body.token)
      return reply.status(204).send(null)
    },
  )

  app.post(
    '/setup',
    {
      schema: {
        security: [],
        tags: ['auth'],
        summary: 'Create the first administrator with a setup link, and sign in as it',
        body: setupAdminSchema,
        response: { 201: tokenResponseSchema },
      },
      config: { jsonApi: false, rateLimit },
    },
    async (request, reply) => {
      const { token, ...input } = request.body
      const userId = await createAdmin(app.db, input, { token })
      const context = {
        db: app.db,
        events: app.events,
        mailer: app.mailer,
        appUrl: app.config.appUrl,
        log: app.log,
      }
      tasks.run('verification mail', () => sendVerificationLink(context, userId))
      return reply.status(201).send(await issueAccessToken(app.db, userId, true, sessionClient(request)))
    },
  )

  const demoLogins = new DemoLogins(app.db)
  app.get(
    '/installation',
    {
      schema: {
        tags: ['users'],
        summary: 'Demo installation or not, and accounts that still sign in with a published demo password',
        response: { 200: installationDocumentSchema },
      },
      onRequest: app.requireRole('admin'),
    },
    async () => {
      const accounts = await demoLogins.current()
      return {
        data: {
          type: 'installation' as const,
          id: '1' as const,
          attributes: {
            demo: app.config.demo,
            published_password_accounts: accounts.map(({ role, email }) => ({ role, email })),
          },
        },
      }
    },
  )
}

export default setupRoutes
