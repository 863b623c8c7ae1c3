import {
  noContentSchema,
  passkeyCreateSchema,
  passkeyDocumentSchema,
  passkeyListDocumentSchema,
  passkeyLoginSchema,
  passkeyOptionsDocumentSchema,
  passkeyOptionsSchema,
  passkeySecondFactorOptionsSchema,
  tokenResponseSchema,
} from '@teplo/domain'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { unauthorized } from '../../../lib/api-error.ts'
import { idParams } from '../../../lib/params.ts'
import { sha256 } from '../../../lib/secrets.ts'
import { issueAccessToken } from '../../../modules/auth/access-tokens.ts'
import { recentAuthentication } from '../../../modules/auth/recent-auth.ts'
import { sessionClient } from '../../../modules/auth/session-client.ts'
import {
  addPasskey,
  authenticationOptions,
  listPasskeys,
  registrationOptions,
  removePasskey,
  verifyPasskey,
} from '../../../modules/two-factor/passkeys.service.ts'
import { pendingChallenge } from '../../../modules/two-factor/sign-in.ts'
import { currentUser } from '../../../plugins/app/auth.ts'

const tags = ['profile']
const bySession = (request: FastifyRequest) => `${request.ip}:${sha256(request.headers.authorization ?? '')}`
const perSession = { rateLimit: { max: 10, timeWindow: '1 minute', keyGenerator: bySession } }
// Open to an account that must set up a second factor first (ADR 041).
const setup = { ...perSession, twoFactorSetup: true }
const perAddress = { rateLimit: { max: 20, timeWindow: '1 minute' } }
const optionalBody = <T extends z.ZodType>(schema: T) => z.preprocess((body) => body ?? {}, schema)
const PASSKEY_REFUSED = 'Цей ключ доступу не підходить для входу. Увійдіть з паролем.'

// Passkeys (ADR 041): the caller's own, listed, added after the recent re-authentication, removed with it too;
// and the two sign-ins they give: as the second factor after a password, and without a password at all.
const passkeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const rp = app.config.passkeys

  app.get(
    '/me/passkeys',
    {
      schema: { tags, summary: "The account's passkeys", response: { 200: passkeyListDocumentSchema } },
      onRequest: app.authenticate,
      config: { twoFactorSetup: true },
    },
    async (request) => listPasskeys(app.db, currentUser(request).userId),
  )

  app.post(
    '/me/passkeys/options',
    {
      schema: {
        tags,
        summary:
          'Start adding a passkey: the options for navigator.credentials.create(); needs `current_password` or a check-password within 5 minutes',
        body: optionalBody(passkeyOptionsSchema),
        response: { 200: passkeyOptionsDocumentSchema },
      },
      onRequest: app.authenticate,
      preValidation: recentAuthentication(app.db),
      config: setup,
    },
    async (request) => registrationOptions(app.db, rp, currentUser(request).userId),
  )

  app.post(
    '/me/passkeys',
    {
      schema: {
        tags,
        summary: "Keep the passkey the browser made for this account's options (within 2 minutes of them)",
        body: passkeyCreateSchema,
        response: { 200: passkeyDocumentSchema },
      },
      onRequest: app.authenticate,
      config: setup,
    },
    async (request) => addPasskey(app.db, app.events, rp, currentUser(request).userId, request.body),
  )

  app.delete(
    '/me/passkeys/:id',
    {
      schema: {
        tags,
        summary:
          "Remove one of the account's passkeys; needs `current_password` or a check-password within 5 minutes; 404 for another account's",
        params: idParams,
        body: optionalBody(passkeyOptionsSchema),
        response: { 204: noContentSchema },
      },
      onRequest: app.authenticate,
      preValidation: recentAuthentication(app.db),
      config: perSession,
    },
    async (request, reply) => {
      await removePasskey(app.db, app.events, currentUser(request).userId, request.params.id)
      return reply.status(204).send(null)
    },
  )

  app.post(
    '/login/two-factor/passkey-options',
    {
      schema: {
        security: [],
        tags: ['auth'],
        summary:
          'The options for navigator.credentials.get() with the passkeys of the account a login challenge signs in (its second factor)',
        body: passkeySecondFactorOptionsSchema,
        response: { 200: passkeyOptionsDocumentSchema },
      },
      config: { jsonApi: false, ...perAddress },
    },
    async (request) => {
      const pending = await pendingChallenge(app.db, request.body.challenge_token)
      return authenticationOptions(app.db, rp, 'second-factor', pending.userId)
    },
  )

  app.post(
    '/login/passkey/options',
    {
      schema: {
        security: [],
        tags: ['auth'],
        summary: 'Sign in with a passkey, no password: the options for navigator.credentials.get()',
        response: { 200: passkeyOptionsDocumentSchema },
      },
      config: { jsonApi: false, ...perAddress },
    },
    async () => authenticationOptions(app.db, rp, 'login', null),
  )

  app.post(
    '/login/passkey',
    {
      schema: {
        security: [],
        tags: ['auth'],
        summary:
          "Sign in with a passkey, no password: the browser's answer to the options (the authenticator verified the person); answers the access token",
        body: passkeyLoginSchema,
        response: { 200: tokenResponseSchema },
      },
      config: { jsonApi: false, ...perAddress },
    },
    async (request) => {
      const userId = await verifyPasskey(app.db, rp, 'login', request.body.response, null)
      if (userId === null) throw unauthorized(PASSKEY_REFUSED)
      return issueAccessToken(app.db, userId, request.body.remember, sessionClient(request))
    },
  )
}

export default passkeyRoutes
