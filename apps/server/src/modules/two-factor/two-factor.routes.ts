import { msg, operations } from '@teplo/domain'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { unauthorized } from '../../lib/api-error.ts'
import { addOperation } from '../../lib/operation-route.ts'
import { sha256 } from '../../lib/secrets.ts'
import { currentUser } from '../../plugins/app/auth.ts'
import { issueAccessToken } from '../auth/access-tokens.ts'
import { recentAuthentication } from '../auth/recent-auth.ts'
import { sessionClient } from '../auth/session-client.ts'
import {
  addPasskey,
  authenticationOptions,
  listPasskeys,
  registrationOptions,
  removePasskey,
  verifyPasskey,
} from './passkeys.service.ts'
import { pendingChallenge } from './sign-in.ts'
import { confirmTotp, disableTotp, startTotpSetup } from './totp.service.ts'
import { securitySettingsDocument, setTwoFactorRequired, twoFactorRequired } from './two-factor-policy.ts'

// Each call may check a password or a code: bounded per address and session, like /auth/check-password.
const bySession = (request: FastifyRequest) => `${request.ip}:${sha256(request.headers.authorization ?? '')}`
const perSession = { rateLimit: { max: 10, timeWindow: '1 minute', keyGenerator: bySession } }
// Open to an account that must set up a second factor first (ADR 041).
const setup = { ...perSession, twoFactorSetup: true }
const perAddress = { rateLimit: { max: 20, timeWindow: '1 minute' } }
const PASSKEY_REFUSED = msg('server.twoFactor.passkeyNotForSignIn')

/**
 * Second factors (ADR 041; declared in @teplo/domain `operations/two-factor.ts`): TOTP, the installation's
 * requirement, and passkeys. The caller's own account only. Turning a factor on or off is an account takeover's
 * first move, so both ask for the recent re-authentication (ADR 034); confirming needs a code from the secret
 * only the setter was shown.
 */
export async function twoFactorRoutes(app: FastifyInstance): Promise<void> {
  const rp = app.config.passkeys

  addOperation(
    app,
    operations.startTotpSetup,
    async (request) => startTotpSetup(app.db, currentUser(request).userId),
    { preValidation: recentAuthentication(app.db), config: setup },
  )

  addOperation(
    app,
    operations.confirmTotp,
    async (request) => confirmTotp(app.db, app.events, currentUser(request).userId, request.body.code),
    { config: setup },
  )

  addOperation(
    app,
    operations.disableTotp,
    async (request) => {
      await disableTotp(app.db, app.events, currentUser(request).userId)
      return undefined
    },
    { preValidation: recentAuthentication(app.db), config: setup },
  )

  addOperation(app, operations.getSecuritySettings, async () =>
    securitySettingsDocument(await twoFactorRequired(app.db)),
  )

  addOperation(app, operations.updateSecuritySettings, async (request) =>
    setTwoFactorRequired(app.db, app.events, currentUser(request), request.body.require_two_factor),
  )

  // Passkeys: the caller's own, listed, added after the recent re-authentication, removed with it too; and the
  // two sign-ins they give: as the second factor after a password, and without a password at all.
  addOperation(
    app,
    operations.listPasskeys,
    async (request) => listPasskeys(app.db, currentUser(request).userId),
    { config: { twoFactorSetup: true } },
  )

  addOperation(
    app,
    operations.startPasskeyCreation,
    async (request) => registrationOptions(app.db, rp, currentUser(request).userId),
    { preValidation: recentAuthentication(app.db), config: setup },
  )

  addOperation(
    app,
    operations.addPasskey,
    async (request) => addPasskey(app.db, app.events, rp, currentUser(request).userId, request.body),
    { config: setup },
  )

  addOperation(
    app,
    operations.removePasskey,
    async (request) => {
      await removePasskey(app.db, app.events, currentUser(request).userId, request.params.id)
      return undefined
    },
    { preValidation: recentAuthentication(app.db), config: perSession },
  )

  addOperation(
    app,
    operations.startPasskeySecondFactor,
    async (request) => {
      const pending = await pendingChallenge(app.db, request.body.challenge_token)
      return authenticationOptions(app.db, rp, 'second-factor', pending.userId)
    },
    { config: perAddress },
  )

  addOperation(
    app,
    operations.startPasskeySignIn,
    async () => authenticationOptions(app.db, rp, 'login', null),
    { config: perAddress },
  )

  addOperation(
    app,
    operations.signInWithPasskey,
    async (request) => {
      const userId = await verifyPasskey(app.db, rp, 'login', request.body.response, null)
      if (userId === null) throw unauthorized(PASSKEY_REFUSED)
      return issueAccessToken(app.db, userId, request.body.remember, sessionClient(request))
    },
    { config: perAddress },
  )
}
