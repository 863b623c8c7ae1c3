import {
  loginResponseSchema,
  loginSchema,
  loginTwoFactorSchema,
  noContentSchema,
  registerResponseSchema,
  registerSchema,
  tokenResponseSchema,
} from '@teplo/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { HttpError, tooManyAttempts } from '../../../lib/api-error.ts'
import { sendVerificationLink } from '../../../modules/account-email/account-email.service.ts'
import { revokeToken } from '../../../modules/auth/access-tokens.ts'
import { login, normalizeEmail, register } from '../../../modules/auth/auth.service.ts'
import { LoginThrottle } from '../../../modules/auth/login-throttle.ts'
import { sessionClient } from '../../../modules/auth/session-client.ts'
import { BackgroundTasks } from '../../../modules/password-reset/background-tasks.ts'
import { registerThroughInvitation } from '../../../modules/sharing/invitation-sign-up.ts'
import { completeTwoFactorLogin, pendingChallenge } from '../../../modules/two-factor/sign-in.ts'
import { currentUser } from '../../../plugins/app/auth.ts'

// The token answers are plain JSON, as OAuth clients expect.
const authRoutes: FastifyPluginAsyncZod = async (app) => {
  // Beside the route limit (address + e-mail): failures per address across e-mails and per account.
  const throttle = new LoginThrottle()
  const tasks = new BackgroundTasks(app.log)
  app.addHook('onClose', () => tasks.drain())

  app.post(
    '/login',
    {
      schema: {
        security: [],
        tags: ['auth'],
        summary:
          'Sign in: an access token, or with two-factor sign-in on a challenge for POST /login/two-factor',
        body: loginSchema,
        response: { 200: loginResponseSchema },
      },
      config: {
        jsonApi: false,
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
  )

  app.post(
    '/login/two-factor',
    {
      schema: {
        security: [],
        tags: ['auth'],
        summary:
          'Second step of signing in: the challenge POST /login answered and a code from the authenticator app (or a recovery code); answers the access token',
        body: loginTwoFactorSchema,
        response: { 200: tokenResponseSchema },
      },
      config: { jsonApi: false, rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
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
  )

  app.post(
    '/register',
    {
      schema: {
        security: [],
        tags: ['auth'],
        summary:
          'Create an account (its address is mailed a verification link; through an invitation link with the invited address, it is proven and the invitation accepted)',
        body: registerSchema,
        response: { 200: registerResponseSchema },
      },
      config: { jsonApi: false, rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
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
      const context = {
        db: app.db,
        events: app.events,
        mailer: app.mailer,
        appUrl: app.config.appUrl,
        log: app.log,
      }
      tasks.run('verification mail', () => sendVerificationLink(context, userId))
      return token
    },
  )

  app.post(
    '/logout',
    {
      schema: { tags: ['auth'], summary: 'Revoke the current token', response: { 204: noContentSchema } },
      onRequest: app.authenticate,
      config: { twoFactorSetup: true },
    },
    async (request, reply) => {
      await revokeToken(app.db, app.events, currentUser(request))
      return reply.status(204).send(null)
    },
  )
}

export default authRoutes
