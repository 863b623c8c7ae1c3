import {
  noContentSchema,
  passwordForgotSchema,
  passwordResetSchema,
  tokenResponseSchema,
} from '@teplo/domain'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { normalizeEmail } from '../../../modules/auth/auth.service.ts'
import { BackgroundTasks } from '../../../modules/password-reset/background-tasks.ts'
import {
  requestPasswordReset,
  resetPassword,
} from '../../../modules/password-reset/password-reset.service.ts'

const FOREIGN_REDIRECT = 'Посилання для відновлення має вести на сайт Teplo.'

// Limits count per client address and e-mail, so one address cannot flood a mailbox or guess tokens.
function byAddressAndEmail(request: FastifyRequest): string {
  const email = (request.body as { email?: unknown } | undefined)?.email
  return `${request.ip}:${typeof email === 'string' ? normalizeEmail(email) : ''}`
}

// Malformed or non-web addresses are left to the URL rule, so each bad value gets one message.
const onOrigin = (url: string, origins: string[]) => {
  try {
    const parsed = new URL(url)
    return !/^https?:$/.test(parsed.protocol) || origins.includes(parsed.origin)
  } catch {
    return true
  }
}

const passwordRoutes: FastifyPluginAsyncZod = async (app) => {
  const origins = [new URL(app.config.appUrl).origin, ...app.config.allowedRedirectOrigins]
  // The link may only lead back to this app (or an origin the operator allowed): anything else would make the
  // mail an open redirect.
  const forgotSchema = passwordForgotSchema.extend({
    redirect_url: passwordForgotSchema.shape.redirect_url.refine((url) => onOrigin(url, origins), {
      error: FOREIGN_REDIRECT,
    }),
  })
  const tasks = new BackgroundTasks(app.log)
  app.addHook('onClose', () => tasks.drain())

  app.post(
    '/password-forgot',
    {
      schema: {
        security: [],
        tags: ['auth'],
        summary: 'E-mail a password reset link (same answer for unknown e-mails)',
        body: forgotSchema,
        response: { 204: noContentSchema },
      },
      config: {
        rateLimit: { max: 5, timeWindow: '1 minute', hook: 'preHandler', keyGenerator: byAddressAndEmail },
      },
    },
    async (request, reply) => {
      const { email, redirect_url: redirectUrl } = request.body
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
        summary: 'Set a new password with the e-mailed token; answers a fresh access token',
        body: passwordResetSchema,
        response: { 200: tokenResponseSchema },
      },
      config: {
        rateLimit: { max: 5, timeWindow: '1 minute', hook: 'preHandler', keyGenerator: byAddressAndEmail },
      },
    },
    async (request) => {
      const { email, token, password } = request.body
      return resetPassword(app.db, app.events, { email, token, password })
    },
  )
}

export default passwordRoutes
