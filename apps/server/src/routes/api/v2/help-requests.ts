import { helpRequestDocumentSchema, helpRequestSchema } from '@teplo/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { createHelpRequest } from '../../../modules/help-requests/help-requests.service.ts'
import { currentUser } from '../../../plugins/app/auth.ts'

const helpRequestsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/help-requests',
    {
      schema: {
        tags: ['help'],
        summary: 'Send a help request to support (stored, then e-mailed)',
        body: helpRequestSchema,
        response: { 201: helpRequestDocumentSchema },
      },
      onRequest: app.authenticate,
      // Each request lands in a person's mailbox.
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const { userId, name, email } = currentUser(request)
      const desk = { db: app.db, mailer: app.mailer, supportEmail: app.config.supportEmail, log: request.log }
      const document = await createHelpRequest(desk, { userId, name, email }, request.body)
      return reply.status(201).send(document)
    },
  )
}

export default helpRequestsRoutes
