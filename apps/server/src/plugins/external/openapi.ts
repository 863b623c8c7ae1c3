import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { z } from 'zod'
import { openApiTransforms } from './openapi-document.ts'

declare module 'fastify' {
  interface FastifySchema {
    /** A multipart body, documented only: the route reads the stream itself, so nothing validates it here. */
    multipartBody?: z.ZodType
  }
}

// The OpenAPI document is generated from the routes' zod schemas (registered before them); /api/docs browses it.
async function openApiPlugin(app: FastifyInstance): Promise<void> {
  const { transform, transformObject } = openApiTransforms()
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Teplo API',
        version: '2.0.0',
        license: { name: 'Proprietary', identifier: 'LicenseRef-Teplo-Proprietary' },
        description:
          'Remote monitoring and control of pellet boilers. JSON:API 1.1 documents (application/vnd.api+json). ' +
          'Extension: a request body may also be sent flat, as the attributes alone (application/json), instead of ' +
          'the document `{ data: { type, id, attributes } }` declared for each call. Authenticate with ' +
          '`Authorization: Bearer <token>` from POST /api/v2/login, or with a personal API token ' +
          '(`teplo_pat_…`, POST /api/v2/me/api-tokens): a token may call only the operations whose ' +
          '`x-token-scope` is `read` or `control` (its scopes; control includes read), reaches only its devices, ' +
          'and its answers carry `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` (429 past them).',
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description: 'A session token (POST /api/v2/login) or a personal API token (`teplo_pat_…`)',
          },
        },
      },
      security: [{ bearer: [] }],
    },
    transform,
    transformObject,
  })
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } })
}

export default fp(openApiPlugin, { name: 'teplo-openapi' })
