import { loginSchema, noContentSchema, registerSchema, tokenResponseSchema } from '@teplo/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { revokeToken } from '../../../modules/auth/access-tokens.ts'
import { login, normalizeEmail, register } from '../../../modules/auth/auth.service.ts'
import { currentUser } from '../../../plugins/app/auth.ts'

// The token answers are plain JSON, as OAuth clients expect.
const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/login',
    {
      schema: {
        security: [],
        tags: ['auth'],
        summary: 'Sign in',
        body: loginSchema,
        response: { 200: tokenResponseSchema },
      },
      config: {
        jsonApi: false,
        rateLimit: {
          max: 10,
          timeWindow: '1 minute',
          // After parsing, so that the key can include the e-mail being tried.
          hook: 'preHandler',
          keyGenerator: (request) => {
            const email = (request.body as { email?: unknown } | undefined)?.email
            return `${request.ip}:${typeof email === 'string' ? normalizeEmail(email) : ''}`
          },
        },
      },
    },
    async (request) => login(app.db, request.body),
  )

  app.post(
    '/register',
    {
      schema: {
        security: [],
        tags: ['auth'],
        summary: 'Create an account',
        body: registerSchema,
        response: { 200: tokenResponseSchema },
      },
      config: { jsonApi: false, rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request) => register(app.db, request.body),
  )

  app.post(
    '/logout',
    {
      schema: { tags: ['auth'], summary: 'Revoke the current token', response: { 204: noContentSchema } },
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      await revokeToken(app.db, currentUser(request).tokenId)
      return reply.status(204).send(null)
    },
  )
}

export default authRoutes
