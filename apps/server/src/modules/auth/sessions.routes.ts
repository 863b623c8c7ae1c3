import { operations } from '@teplo/domain'
import type { FastifyInstance } from 'fastify'
import { addOperation } from '../../lib/operation-route.ts'
import { currentUser } from '../../plugins/app/auth.ts'
import { endOtherSessions, endSession, listSessions } from './sessions.service.ts'

// Ending sessions is always allowed, even before a required second factor is set up (ADR 041).
const setup = { config: { twoFactorSetup: true } }

/**
 * The account's own sessions (declared in @teplo/domain `operations/sessions.ts`): every call is scoped to the
 * caller's account, whoever asks.
 */
export async function sessionsRoutes(app: FastifyInstance): Promise<void> {
  addOperation(
    app,
    operations.listSessions,
    async (request) => listSessions(app.db, app.sessionActivity, currentUser(request)),
    setup,
  )

  addOperation(
    app,
    operations.endOtherSessions,
    async (request) => ({
      meta: { ended: await endOtherSessions(app.db, app.events, currentUser(request)) },
    }),
    setup,
  )

  addOperation(
    app,
    operations.endSession,
    async (request) => {
      await endSession(app.db, app.events, currentUser(request), request.params.id)
      return undefined
    },
    setup,
  )
}
