import { operations } from '@teplo/domain'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { addOperation } from '../../lib/operation-route.ts'
import { sha256 } from '../../lib/secrets.ts'
import { currentReader, currentUser } from '../../plugins/app/auth.ts'
import { recentAuthentication } from '../auth/recent-auth.ts'
import { createApiToken, deleteApiToken, listApiTokens } from './api-tokens.service.ts'

// Making a token may check a password: bounded per address and session, like /auth/check-password.
const bySession = (request: FastifyRequest) => `${request.ip}:${sha256(request.headers.authorization ?? '')}`
const perSession = { rateLimit: { max: 10, timeWindow: '1 minute', keyGenerator: bySession } }

/**
 * Personal API tokens (ADR 060; declared in @teplo/domain `operations/api-tokens.ts`): the caller's own only,
 * from a signed-in session (none declares `token`, so a token cannot manage tokens). Making one is an account
 * takeover's way to stay in, so it asks for the recent re-authentication (ADR 034).
 */
export async function apiTokensRoutes(app: FastifyInstance): Promise<void> {
  addOperation(app, operations.listApiTokens, async (request) =>
    listApiTokens(app.db, app.apiTokenActivity, currentUser(request).userId),
  )

  addOperation(
    app,
    operations.createApiToken,
    async (request) => createApiToken(app.db, currentReader(request), request.body, request.ip),
    { preValidation: recentAuthentication(app.db), config: perSession },
  )

  addOperation(app, operations.deleteApiToken, async (request) => {
    await deleteApiToken(app.db, app.events, currentUser(request).userId, request.params.id)
    return undefined
  })
}
