import {
  categoryDocumentSchema,
  categoryListDocumentSchema,
  categorySchema,
  noContentSchema,
} from '@teplo/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { listQuerySchema } from '../../../lib/list-query.ts'
import { idParams } from '../../../lib/params.ts'
import {
  CATEGORY_SORTS,
  createCategory,
  deleteCategory,
  getCategory,
  listCategories,
  updateCategory,
} from '../../../modules/categories/categories.service.ts'

const tags = ['categories']

// Categories are device types: every signed-in user reads them (the device form's type select);
// administrators and creators manage them (spec §6).
const categoriesRoutes: FastifyPluginAsyncZod = async (app) => {
  // Checked onRequest: a caller without the right role learns nothing, not even which fields are invalid.
  const read = app.authenticate
  const write = app.requireRole('admin', 'creator')

  app.get(
    '/categories',
    {
      schema: {
        tags,
        summary: 'List categories (device types)',
        querystring: listQuerySchema(CATEGORY_SORTS),
        response: { 200: categoryListDocumentSchema },
      },
      onRequest: read,
    },
    async (request) => listCategories(app.db, request.query, request.query),
  )

  app.get(
    '/categories/:id',
    {
      schema: { tags, summary: 'One category', params: idParams, response: { 200: categoryDocumentSchema } },
      onRequest: read,
    },
    async (request) => getCategory(app.db, request.params.id),
  )

  app.post(
    '/categories',
    {
      schema: {
        tags,
        summary: 'Create a category',
        body: categorySchema,
        response: { 201: categoryDocumentSchema },
      },
      onRequest: write,
    },
    async (request, reply) => reply.status(201).send(await createCategory(app.db, request.body)),
  )

  app.patch(
    '/categories/:id',
    {
      schema: {
        tags,
        summary: 'Change a category (not the default ones)',
        params: idParams,
        body: categorySchema.partial(),
        response: { 200: categoryDocumentSchema },
      },
      onRequest: write,
    },
    async (request) => updateCategory(app.db, app.events, request.params.id, request.body),
  )

  app.delete(
    '/categories/:id',
    {
      schema: {
        tags,
        summary: 'Delete a category without devices',
        params: idParams,
        response: { 204: noContentSchema },
      },
      onRequest: write,
    },
    async (request, reply) => {
      await deleteCategory(app.db, app.events, request.params.id)
      return reply.status(204).send(null)
    },
  )
}

export default categoriesRoutes
