import { operations } from '@teplo/domain'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { addOperation } from '../../lib/operation-route.ts'
import { sha256 } from '../../lib/secrets.ts'
import { currentUser } from '../../plugins/app/auth.ts'
import { recentAuthentication } from '../auth/recent-auth.ts'
import { confirmTotp, disableTotp, startTotpSetup } from './totp.service.ts'
import { securitySettingsDocument, setTwoFactorRequired, twoFactorRequired } from './two-factor-policy.ts'

// Each call may check a password or a code: bounded per address and session, like /auth/check-password.
const bySession = (request: FastifyRequest) => `${request.ip}:${sha256(request.headers.authorization ?? '')}`
// Open to an account that must set up a second factor first (ADR 041).
const limit = {
  rateLimit: { max: 10, timeWindow: '1 minute', keyGenerator: bySession },
  twoFactorSetup: true,
}

/**
 * TOTP and the installation's two-factor requirement (declared in @teplo/domain `operations/two-factor.ts`).
 * The caller's own account only. Turning a factor on or off is an account takeover's first move, so both ask for
 * the recent re-authentication (ADR 034); confirming needs a code from the secret only the setter was shown.
 */
export async function twoFactorRoutes(app: FastifyInstance): Promise<void> {
  addOperation(
    app,
    operations.startTotpSetup,
    async (request) => startTotpSetup(app.db, currentUser(request).userId),
    { preValidation: recentAuthentication(app.db), config: limit },
  )

  addOperation(
    app,
    operations.confirmTotp,
    async (request) => confirmTotp(app.db, app.events, currentUser(request).userId, request.body.code),
    { config: limit },
  )

  addOperation(
    app,
    operations.disableTotp,
    async (request) => {
      await disableTotp(app.db, app.events, currentUser(request).userId)
      return undefined
    },
    { preValidation: recentAuthentication(app.db), config: limit },
  )

  addOperation(app, operations.getSecuritySettings, async () =>
    securitySettingsDocument(await twoFactorRequired(app.db)),
  )

  addOperation(app, operations.updateSecuritySettings, async (request) =>
    setTwoFactorRequired(app.db, app.events, currentUser(request), request.body.require_two_factor),
  )
}
