import { noContentSchema, tagDocumentSchema, tagListDocumentSchema, tagSchema } from '@teplo/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { listQuerySchema } from '../../../lib/list-query.ts'
import { idParams } from '../../../lib/params.ts'
import {
  createTag,
  deleteTag,
  getTag,
  listTags,
  TAG_SORTS,
  updateTag,
} from '../../../modules/tags/tags.service.ts'

const tags = ['tags']

// Any signed-in user may read tags; only administrators change them.
const tagsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Checked onRequest: a caller without the right role learns nothing, not even which fields are invalid.
  const read = app.authenticate
  const write = app.requireRole('admin')

  app.get(
    '/tags',
    {
      schema: {
        tags,
        summary: 'List tags',
        querystring: listQuerySchema(TAG_SORTS),
        response: { 200: tagListDocumentSchema },
      },
      onRequest: read,
    },
    async (request) => listTags(app.db, request.query, request.query),
  )

  app.get(
    '/tags/:id',
    {
      schema: { tags, summary: 'One tag', params: idParams, response: { 200: tagDocumentSchema } },
      onRequest: read,
    },
    async (request) => getTag(app.db, request.params.id),
  )

  app.post(
    '/tags',
    {
      schema: { tags, summary: 'Create a tag', body: tagSchema, response: { 201: tagDocumentSchema } },
      onRequest: write,
    },
    async (request, reply) => reply.status(201).send(await createTag(app.db, request.body)),
  )

  app.patch(
    '/tags/:id',
    {
      schema: {
        tags,
        summary: 'Change a tag',
        params: idParams,
        body: tagSchema.partial(),
        response: { 200: tagDocumentSchema },
      },
      onRequest: write,
    },
    async (request) => updateTag(app.db, request.params.id, request.body),
  )

  app.delete(
    '/tags/:id',
    {
      schema: { tags, summary: 'Delete a tag', params: idParams, response: { 204: noContentSchema } },
      onRequest: write,
    },
    async (request, reply) => {
      await deleteTag(app.db, request.params.id)
      return reply.status(204).send(null)
    },
  )
}

export default tagsRoutes
