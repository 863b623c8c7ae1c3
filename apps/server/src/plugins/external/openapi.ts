import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import { errorDocumentSchema } from '@teplo/domain'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'
import { z } from 'zod'

declare module 'fastify' {
  interface FastifySchema {
    /** A multipart body, documented only: the route reads the stream itself, so nothing validates it here. */
    multipartBody?: z.ZodType
  }
}

const errorAnswer = {
  description: 'A JSON:API error document (400, 401, 403, 404, 409, 413, 415, 422, 429)',
  content: { 'application/vnd.api+json': { schema: z.toJSONSchema(errorDocumentSchema) } },
}

type Transform = typeof jsonSchemaTransform

// The routes' zod schemas, plus what every /api/v2 operation may also answer: an error document. The broker's
// hook answers its own plain bodies and is left as declared.
const transform: Transform = (input) => {
  const { schema, url } = jsonSchemaTransform(input)
  const multipart = input.schema?.multipartBody
  const documented: Record<string, unknown> = { ...schema }
  if (multipart) {
    delete documented.multipartBody
    documented.body = z.toJSONSchema(multipart)
  }
  if (url.startsWith('/api/v2/')) {
    documented.response = { ...(documented.response as object), '4XX': errorAnswer }
  }
  return { schema: documented as typeof schema, url }
}

// The OpenAPI document is generated from the routes' zod schemas (registered before them); /api/docs browses it.
async function openApiPlugin(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Teplo API',
        version: '2.0.0',
        description:
          'Remote monitoring and control of pellet boilers. JSON:API documents (application/vnd.api+json); ' +
          'request bodies may be flat JSON or JSON:API documents. Authenticate with `Authorization: Bearer <token>` ' +
          'from POST /api/v2/login.',
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
      security: [{ bearer: [] }],
    },
    transform,
  })
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } })
}

export default fp(openApiPlugin, { name: 'teplo-openapi' })
