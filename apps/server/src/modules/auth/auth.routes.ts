import { operations } from '@teplo/domain'
import type { FastifyInstance } from 'fastify'
import { HttpError, tooManyAttempts } from '../../lib/api-error.ts'
import { addOperation } from '../../lib/operation-route.ts'
import { currentUser } from '../../plugins/app/auth.ts'
import { accountEmailContext, sendVerificationLink } from '../account-email/account-email.service.ts'
import { BackgroundTasks } from '../password-reset/background-tasks.ts'
import { profileDocument } from '../profile/profile-document.ts'
import { registerThroughInvitation } from '../sharing/invitation-sign-up.ts'
import { completeTwoFactorLogin, pendingChallenge } from '../two-factor/sign-in.ts'
import { revokeToken } from './access-tokens.ts'
import { login, normalizeEmail, register } from './auth.service.ts'
import { LoginThrottle } from './login-throttle.ts'
import { sessionClient } from './session-client.ts'
import { endOtherSessions, endSession, listSessions } from './sessions.service.ts'

// Open to an account that must set up a second factor first (ADR 041); ending sessions is always allowed.
const setup = { config: { twoFactorSetup: true } }

/**
 * Signing in and out, creating an account, the signed-in account and its sessions (declared in @teplo/domain
 * `operations/auth.ts` and `operations/sessions.ts`). The token answers are plain JSON, as OAuth clients expect.
 */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  // Beside the route limit (address + e-mail): failures per address across e-mails and per account.
  const throttle = new LoginThrottle()
  const tasks = new BackgroundTasks(app.log)
  app.addHook('onClose', () => tasks.drain())

  addOperation(
    app,
    operations.signIn,
    async (request, reply) => {
      const email = normalizeEmail(request.body.email)
      const wait = throttle.waitSeconds(request.ip, email)
      if (wait > 0) {
        reply.header('retry-after', String(wait))
        throw tooManyAttempts(wait)
      }
      try {
        const token = await login(app.db, request.body, sessionClient(request))
        throttle.succeeded(request.ip, email)
        return token
      } catch (error) {
        if (error instanceof HttpError && error.status === 401) throttle.failed(request.ip, email)
        throw error
      }
    },
    {
      config: {
        rateLimit: {
          max: 10,
          timeWindow: '1 minute',
          // After parsing, so that the key can include the e-mail being tried.
          hook: 'preHandler',
          keyGenerator: (request) => {
            const email = (request.body as { email?: unknown } | undefined)?.email
            return `${request.ip}:${typeof email === 'string' ? normalizeEmail(email) : ''}`
          },
        },
      },
    },
  )

  addOperation(
    app,
    operations.signInSecondFactor,
    async (request, reply) => {
      const pending = await pendingChallenge(app.db, request.body.challenge_token)
      // Wrong codes count like wrong passwords: per address and per account (ADR 035, 041).
      const wait = throttle.waitSeconds(request.ip, pending.email)
      if (wait > 0) {
        reply.header('retry-after', String(wait))
        throw tooManyAttempts(wait)
      }
      try {
        const client = sessionClient(request)
        const token = await completeTwoFactorLogin(app.db, app.config.passkeys, pending, request.body, client)
        throttle.succeeded(request.ip, pending.email)
        return token
      } catch (error) {
        if (error instanceof HttpError && error.status === 422) throttle.failed(request.ip, pending.email)
        throw error
      }
    },
    { config: { rateLimit: { max: 10, timeWindow: '1 minute' } } },
  )

  addOperation(
    app,
    operations.registerAccount,
    async (request) => {
      const { invitation_token: invitationToken, ...account } = request.body
      if (invitationToken) {
        const client = sessionClient(request)
        const input = { ...account, invitation_token: invitationToken }
        const { response } = await registerThroughInvitation(app.db, app.events, input, client)
        return response
      }
      const { userId, token } = await register(app.db, account, sessionClient(request))
      // After the answer: the account works without it, and a lost letter is sent again from account settings.
      tasks.run('verification mail', () => sendVerificationLink(accountEmailContext(app), userId))
      return token
    },
    { config: { rateLimit: { max: 10, timeWindow: '1 minute' } } },
  )

  addOperation(
    app,
    operations.signOut,
    async (request) => {
      await revokeToken(app.db, app.events, currentUser(request))
      return undefined
    },
    setup,
  )

  addOperation(
    app,
    operations.getProfile,
    async (request) =>
      profileDocument(app.db, currentUser(request).userId, request.query.include === 'roles'),
    setup,
  )

  // The account's own sessions only: every call is scoped to the caller's account, whoever asks.
  addOperation(
    app,
    operations.listSessions,
    async (request) => listSessions(app.db, app.sessionActivity, currentUser(request)),
    setup,
  )

  addOperation(
    app,
    operations.endOtherSessions,
    async (request) => ({
      meta: { ended: await endOtherSessions(app.db, app.events, currentUser(request)) },
    }),
    setup,
  )

  addOperation(
    app,
    operations.endSession,
    async (request) => {
      await endSession(app.db, app.events, currentUser(request), request.params.id)
      return undefined
    },
    setup,
  )
}
