import { operations } from '@teplo/domain'
import type { FastifyInstance } from 'fastify'
import { addOperation } from '../../lib/operation-route.ts'
import { currentUser } from '../../plugins/app/auth.ts'
import {
  accountEmailContext,
  type EmailLinkOutcome,
  openVerificationLink,
  sendVerificationLink,
  undoEmailChange,
} from './account-email.service.ts'

// Link secrets are 32 random bytes; each try still costs a lookup, so tries are bounded per address.
const tokenRateLimit = { rateLimit: { max: 20, timeWindow: '1 minute' } }

const outcomeDocument = (outcome: EmailLinkOutcome) => ({
  data: {
    type: 'email-links' as const,
    id: '1' as const,
    attributes: { purpose: outcome.purpose, email: outcome.email, signed_out: outcome.signedOut },
  },
})

/**
 * Proven addresses and the mailed links of an address change (ADR 034; declared in @teplo/domain
 * `operations/profile.ts`).
 */
export async function accountEmailRoutes(app: FastifyInstance): Promise<void> {
  addOperation(app, operations.sendEmailVerification, async (request) => {
    await sendVerificationLink(accountEmailContext(app, request.log), currentUser(request).userId)
    return undefined
  })

  addOperation(
    app,
    operations.openEmailLink,
    async (request) => outcomeDocument(await openVerificationLink(app.db, app.events, request.body.token)),
    { config: tokenRateLimit },
  )

  addOperation(
    app,
    operations.undoEmailChange,
    async (request) => outcomeDocument(await undoEmailChange(app.db, app.events, request.body.token)),
    { config: tokenRateLimit },
  )
}
