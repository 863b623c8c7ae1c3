import { noContentSchema, sessionListDocumentSchema, sessionsEndedSchema } from '@teplo/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { idParams } from '../../../lib/params.ts'
import { endOtherSessions, endSession, listSessions } from '../../../modules/auth/sessions.service.ts'
import { currentUser } from '../../../plugins/app/auth.ts'

const tags = ['profile']

// The account's own sessions only: every call is scoped to the caller's account, whoever asks.
const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/me/sessions',
    {
      schema: {
        tags,
        summary:
          'Where the account is signed in: browser or app, platform, address, created, last used (to about a minute), and which is this one',
        response: { 200: sessionListDocumentSchema },
      },
      onRequest: app.authenticate,
      // Ending sessions is always allowed, even before a required second factor is set up (ADR 041).
      config: { twoFactorSetup: true },
    },
    async (request) => listSessions(app.db, app.sessionActivity, currentUser(request)),
  )

  app.delete(
    '/me/sessions',
    {
      schema: {
        tags,
        summary: 'Sign out everywhere else: every session of the account but this one ends at once',
        response: { 200: sessionsEndedSchema },
      },
      onRequest: app.authenticate,
      // Ending sessions is always allowed, even before a required second factor is set up (ADR 041).
      config: { twoFactorSetup: true },
    },
    async (request) => ({
      meta: { ended: await endOtherSessions(app.db, app.events, currentUser(request)) },
    }),
  )

  app.delete(
    '/me/sessions/:id',
    {
      schema: {
        tags,
        summary:
          "End one of the account's sessions (this one too: that signs out); 404 for a session not the caller's or already ended",
        params: idParams,
        response: { 204: noContentSchema },
      },
      onRequest: app.authenticate,
      // Ending sessions is always allowed, even before a required second factor is set up (ADR 041).
      config: { twoFactorSetup: true },
    },
    async (request, reply) => {
      await endSession(app.db, app.events, currentUser(request), request.params.id)
      return reply.status(204).send(null)
    },
  )
}

export default sessionRoutes
