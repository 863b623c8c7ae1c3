import { supportDocumentSchema } from '@teplo/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

// The help page shows these to anyone, signed in or not: they come from configuration, not the database.
const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/support',
    {
      schema: {
        tags: ['help'],
        summary: 'Support phone and e-mail shown on the help page',
        security: [],
        response: { 200: supportDocumentSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300')
      return {
        data: {
          type: 'support' as const,
          id: '1' as const,
          attributes: { phone: app.config.supportPhone, email: app.config.supportEmail },
        },
      }
    },
  )
}

export default supportRoutes
