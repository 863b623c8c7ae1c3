import { profileDocumentSchema } from '@teplo/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { profileDocument } from '../../../modules/profile/profile-document.ts'
import { currentUser } from '../../../plugins/app/auth.ts'

const meRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/me',
    {
      schema: {
        tags: ['profile'],
        summary: 'The signed-in user',
        querystring: z.object({ include: z.enum(['roles']).optional() }),
        response: { 200: profileDocumentSchema },
      },
      onRequest: app.authenticate,
      // Says what is required: open to an account that must set up a second factor first (ADR 041).
      config: { twoFactorSetup: true },
    },
    async (request) =>
      profileDocument(app.db, currentUser(request).userId, request.query.include === 'roles'),
  )
}

export default meRoutes
