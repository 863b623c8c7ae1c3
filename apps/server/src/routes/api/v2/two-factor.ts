import {
  noContentSchema,
  recoveryCodesDocumentSchema,
  securitySettingsDocumentSchema,
  securitySettingsPatchSchema,
  totpConfirmSchema,
  totpDisableSchema,
  totpSetupDocumentSchema,
  totpSetupSchema,
} from '@teplo/domain'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { sha256 } from '../../../lib/secrets.ts'
import { recentAuthentication } from '../../../modules/auth/recent-auth.ts'
import { confirmTotp, disableTotp, startTotpSetup } from '../../../modules/two-factor/totp.service.ts'
import {
  securitySettingsDocument,
  setTwoFactorRequired,
  twoFactorRequired,
} from '../../../modules/two-factor/two-factor-policy.ts'
import { currentUser } from '../../../plugins/app/auth.ts'

const tags = ['profile']
// Each call may check a password or a code: bounded per address and session, like /auth/check-password.
const bySession = (request: FastifyRequest) => `${request.ip}:${sha256(request.headers.authorization ?? '')}`
// Open to an account that must set up a second factor first (ADR 041).
const limit = {
  rateLimit: { max: 10, timeWindow: '1 minute', keyGenerator: bySession },
  twoFactorSetup: true,
}
const optionalBody = <T extends z.ZodType>(schema: T) => z.preprocess((body) => body ?? {}, schema)

// The caller's own account only. Turning a factor on or off is an account takeover's first move, so both ask for
// the recent re-authentication (ADR 034); confirming needs a code from the secret only the setter was shown.
const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/me/two-factor/totp',
    {
      schema: {
        tags,
        summary:
          'Start TOTP set-up: a new secret and its otpauth:// URI for an authenticator app (not asked at sign-in until confirmed); needs `current_password` or a check-password within 5 minutes; 409 when TOTP is already on',
        body: optionalBody(totpSetupSchema),
        response: { 200: totpSetupDocumentSchema },
      },
      onRequest: app.authenticate,
      preValidation: recentAuthentication(app.db),
      config: limit,
    },
    async (request) => startTotpSetup(app.db, currentUser(request).userId),
  )

  app.post(
    '/me/two-factor/totp/confirm',
    {
      schema: {
        tags,
        summary:
          'Turn TOTP on with a code from the app; answers the ten one-time recovery codes (shown only here)',
        body: totpConfirmSchema,
        response: { 200: recoveryCodesDocumentSchema },
      },
      onRequest: app.authenticate,
      config: limit,
    },
    async (request) => confirmTotp(app.db, app.events, currentUser(request).userId, request.body.code),
  )

  app.delete(
    '/me/two-factor/totp',
    {
      schema: {
        tags,
        summary:
          'Turn TOTP off (the secret and recovery codes are deleted); needs `current_password` or a check-password within 5 minutes',
        body: optionalBody(totpDisableSchema),
        response: { 204: noContentSchema },
      },
      onRequest: app.authenticate,
      preValidation: recentAuthentication(app.db),
      config: limit,
    },
    async (request, reply) => {
      await disableTotp(app.db, app.events, currentUser(request).userId)
      return reply.status(204).send(null)
    },
  )

  app.get(
    '/security-settings',
    {
      schema: {
        tags: ['users'],
        summary:
          'Installation security (administrators): whether admins and installers must have a second factor',
        response: { 200: securitySettingsDocumentSchema },
      },
      onRequest: app.requireRole('admin'),
    },
    async () => securitySettingsDocument(await twoFactorRequired(app.db)),
  )

  app.patch(
    '/security-settings',
    {
      schema: {
        tags: ['users'],
        summary:
          'Require a second factor of admins and installers (administrators; 409 for one who has none): until they set one up, their other calls are 403',
        body: securitySettingsPatchSchema,
        response: { 200: securitySettingsDocumentSchema },
      },
      onRequest: app.requireRole('admin'),
    },
    async (request) =>
      setTwoFactorRequired(app.db, app.events, currentUser(request), request.body.require_two_factor),
  )
}

export default twoFactorRoutes
