import { operations } from '@teplo/domain'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { addOperation } from '../../lib/operation-route.ts'
import { normalizeEmail } from '../auth/auth.service.ts'
import { sessionClient } from '../auth/session-client.ts'
import { HOUR_SECONDS, takeMailAllowance } from '../mail-caps/mail-caps.ts'
import { BackgroundTasks } from './background-tasks.ts'
import { requestPasswordReset, resetPassword } from './password-reset.service.ts'

// Limits count per client address and e-mail, so one address cannot flood a mailbox or guess tokens.
function byAddressAndEmail(request: FastifyRequest): string {
  const email = (request.body as { email?: unknown } | undefined)?.email
  return `${request.ip}:${typeof email === 'string' ? normalizeEmail(email) : ''}`
}

const perAddressAndEmail = {
  config: {
    rateLimit: {
      max: 5,
      timeWindow: '1 minute',
      hook: 'preHandler' as const,
      keyGenerator: byAddressAndEmail,
    },
  },
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

/** A forgotten password (declared in @teplo/domain `operations/password-reset.ts`). */
export async function passwordResetRoutes(app: FastifyInstance): Promise<void> {
  const origins = [new URL(app.config.appUrl).origin, ...app.config.allowedRedirectOrigins]
  const tasks = new BackgroundTasks(app.log)
  app.addHook('onClose', () => tasks.drain())
  // Per client address whatever the e-mail, so one address cannot mail a list of strangers (ADR 034).
  const resetCap = {
    kind: 'password-reset',
    limit: app.config.mailCaps.passwordResetsPerHour,
    windowSeconds: HOUR_SECONDS,
  }

  addOperation(
    app,
    operations.requestPasswordReset,
    async (request) => {
      const { email, redirect_url: requested } = request.body
      const redirectUrl = resetLinkBase(requested, app.config.appUrl, origins)
      // Counted whether or not the address has an account, so the cap tells nothing either.
      await takeMailAllowance(app.db, resetCap, request.ip)
      // Answered before the lookup and the mail, so the timing does not tell who is registered.
      tasks.run('password-reset mail', () => requestPasswordReset(app.db, app.mailer, { email, redirectUrl }))
      return undefined
    },
    perAddressAndEmail,
  )

  addOperation(
    app,
    operations.resetPassword,
    async (request) => {
      const { email, token, password } = request.body
      return resetPassword(app.db, app.events, { email, token, password }, sessionClient(request))
    },
    perAddressAndEmail,
  )
}
