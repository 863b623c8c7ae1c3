import { operations } from '@teplo/domain'
import type { FastifyInstance } from 'fastify'
import { addOperation } from '../../lib/operation-route.ts'
import { accountEmailContext, sendVerificationLink } from '../account-email/account-email.service.ts'
import { issueAccessToken } from '../auth/access-tokens.ts'
import { DemoLogins } from '../auth/demo-logins.ts'
import { sessionClient } from '../auth/session-client.ts'
import { BackgroundTasks } from '../password-reset/background-tasks.ts'
import { checkSetupToken, createAdmin } from './first-admin.ts'

/**
 * A real installation's first administrator (ADR 044), and what an administrator is warned about (declared in
 * @teplo/domain `operations/setup.ts`).
 */
export async function setupRoutes(app: FastifyInstance): Promise<void> {
  const tasks = new BackgroundTasks(app.log)
  app.addHook('onClose', () => tasks.drain())
  const rateLimit = { max: 10, timeWindow: '1 minute' }

  addOperation(
    app,
    operations.checkSetupLink,
    async (request) => {
      await checkSetupToken(app.db, request.body.token)
      return undefined
    },
    { config: { rateLimit } },
  )

  addOperation(
    app,
    operations.setUpFirstAdmin,
    async (request) => {
      const { token, ...input } = request.body
      const userId = await createAdmin(app.db, input, { token })
      tasks.run('verification mail', () => sendVerificationLink(accountEmailContext(app), userId))
      return issueAccessToken(app.db, userId, true, sessionClient(request))
    },
    { config: { rateLimit } },
  )

  const demoLogins = new DemoLogins(app.db)
  addOperation(app, operations.getInstallation, async () => {
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
  })
}
