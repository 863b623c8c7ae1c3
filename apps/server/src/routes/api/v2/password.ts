import {
  loginResponseSchema,
  noContentSchema,
  passwordForgotSchema,
  passwordResetSchema,
} from '@teplo/domain'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { normalizeEmail } from '../../../modules/auth/auth.service.ts'
import { sessionClient } from '../../../modules/auth/session-client.ts'
import { HOUR_SECONDS, takeMailAllowance } from '../../../modules/mail-caps/mail-caps.ts'
import { BackgroundTasks } from '../../../modules/password-reset/background-tasks.ts'
import {
  requestPasswordReset,
  resetPassword,
} from '../../../modules/password-reset/password-reset.service.ts'

// Limits count per client address and e-mail, so one address cannot flood a mailbox or guess tokens.
function byAddressAndEmail(request: FastifyRequest): string {
  const email = (request.body as { email?: unknown } | undefined)?.email
  return `${request.ip}:${typeof email === 'string' ? normalizeEmail(email) : ''}`
}

// The page of the web app that reads the mailed token.
export const RESET_PAGE = '/password/reset'

/**
 * Where the mailed link leads: the address the client named when it is on the app's own origin or one the operator
 * allowed, otherwise the reset page under APP_URL. The app may be opened at another address than APP_URL (an IP,
 * a second host name) and must still get a working link; a foreign address never makes the mail an open redirect.
 */
export function resetLinkBase(requested: string | undefined, appUrl: string, allowedOrigins: string[]) {
  if (requested && allowedOrigins.includes(new URL(requested).origin)) return requested
  return `${appUrl}${RESET_PAGE}`
}

const passwordRoutes: FastifyPluginAsyncZod = async (app) => {
  const origins = [new URL(app.config.appUrl).origin, ...app.config.allowedRedirectOrigins]
  const tasks = new BackgroundTasks(app.log)
  app.addHook('onClose', () => tasks.drain())
  // Per client address whatever the e-mail, so one address cannot mail a list of strangers (ADR 034).
  const resetCap = {
    kind: 'password-reset',
    limit: app.config.mailCaps.passwordResetsPerHour,
    windowSeconds: HOUR_SECONDS,
  }

  app.post(
    '/password-forgot',
    {
      schema: {
        security: [],
        tags: ['auth'],
        summary:
          'E-mail a password reset link (same answer for unknown e-mails; 429 with Retry-After over ' +
          'PASSWORD_RESETS_PER_HOUR requests from one address)',
        body: passwordForgotSchema,
        response: { 204: noContentSchema },
      },
      config: {
        rateLimit: { max: 5, timeWindow: '1 minute', hook: 'preHandler', keyGenerator: byAddressAndEmail },
      },
    },
    async (request, reply) => {
      const { email, redirect_url: requested } = request.body
      const redirectUrl = resetLinkBase(requested, app.config.appUrl, origins)
      // Counted whether or not the address has an account, so the cap tells nothing either.
      await takeMailAllowance(app.db, resetCap, request.ip)
      // Answered before the lookup and the mail, so the timing does not tell who is registered.
      tasks.run('password-reset mail', () => requestPasswordReset(app.db, app.mailer, { email, redirectUrl }))
      return reply.status(204).send(null)
    },
  )

  app.post(
    '/password-reset',
    {
      schema: {
        security: [],
        tags: ['auth'],
        summary:
          'Set a new password with the e-mailed token; answers a fresh access token, or with two-factor sign-in on the challenge for POST /login/two-factor',
        body: passwordResetSchema,
        response: { 200: loginResponseSchema },
      },
      config: {
        rateLimit: { max: 5, timeWindow: '1 minute', hook: 'preHandler', keyGenerator: byAddressAndEmail },
      },
    },
    async (request) => {
      const { email, token, password } = request.body
      return resetPassword(app.db, app.events, { email, token, password }, sessionClient(request))
    },
  )
}

export default passwordRoutes
