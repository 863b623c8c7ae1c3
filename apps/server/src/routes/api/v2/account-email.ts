import { emailLinkResultDocumentSchema, emailLinkSchema, noContentSchema } from '@teplo/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  type EmailLinkOutcome,
  openVerificationLink,
  sendVerificationLink,
  undoEmailChange,
} from '../../../modules/account-email/account-email.service.ts'
import { currentUser } from '../../../plugins/app/auth.ts'

// Link secrets are 32 random bytes; each try still costs a lookup, so tries are bounded per address.
const tokenRateLimit = { rateLimit: { max: 20, timeWindow: '1 minute' } }

const outcomeDocument = (outcome: EmailLinkOutcome) => ({
  data: {
    type: 'email-links' as const,
    id: '1' as const,
    attributes: { purpose: outcome.purpose, email: outcome.email, signed_out: outcome.signedOut },
  },
})

// Proven addresses and the mailed links of an address change (ADR 034).
const accountEmailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/me/email-verification',
    {
      schema: {
        tags: ['profile'],
        summary:
          "Mail a new link proving the account's address (409 when already proven; 429 with Retry-After over " +
          'five address letters an hour)',
        response: { 204: noContentSchema },
      },
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      const context = {
        db: app.db,
        events: app.events,
        mailer: app.mailer,
        appUrl: app.config.appUrl,
        log: request.log,
      }
      await sendVerificationLink(context, currentUser(request).userId)
      return reply.status(204).send(null)
    },
  )

  app.post(
    '/email-verification',
    {
      schema: {
        security: [],
        tags: ['profile'],
        summary:
          'Open a mailed link: a verification link proves the address, a new-address link makes it the ' +
          "account's (works signed out; 422 on `token` when spent, expired or unknown)",
        body: emailLinkSchema,
        response: { 200: emailLinkResultDocumentSchema },
      },
      config: tokenRateLimit,
    },
    async (request) => outcomeDocument(await openVerificationLink(app.db, app.events, request.body.token)),
  )

  app.post(
    '/email-change/undo',
    {
      schema: {
        security: [],
        tags: ['profile'],
        summary:
          'Open the link mailed to the old address: cancels a waiting change or restores the old address ' +
          '(within 7 days), and ends every session of the account',
        body: emailLinkSchema,
        response: { 200: emailLinkResultDocumentSchema },
      },
      config: tokenRateLimit,
    },
    async (request) => outcomeDocument(await undoEmailChange(app.db, app.events, request.body.token)),
  )
}

export default accountEmailRoutes
