import {
  noContentSchema,
  recoveryCodesDocumentSchema,
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
import { currentUser } from '../../../plugins/app/auth.ts'

const tags = ['profile']
// Each call may check a password or a code: bounded per address and session, like /auth/check-password.
const bySession = (request: FastifyRequest) => `${request.ip}:${sha256(request.headers.authorization ?? '')}`
const limit = { rateLimit: { max: 10, timeWindow: '1 minute', keyGenerator: bySession } }
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
      preHandler: recentAuthentication(app.db),
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
    async (request) => confirmTotp(app.db, currentUser(request).userId, request.body.code),
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
      preHandler: recentAuthentication(app.db),
      config: limit,
    },
    async (request, reply) => {
      await disableTotp(app.db, currentUser(request).userId)
      return reply.status(204).send(null)
    },
  )
}

export default twoFactorRoutes
