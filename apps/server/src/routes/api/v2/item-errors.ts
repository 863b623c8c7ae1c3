import { itemErrorListDocumentSchema, noContentSchema } from '@teplo/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { cacheBustingQuery, pageQuery } from '../../../lib/list-query.ts'
import { idParams, idSchema } from '../../../lib/params.ts'
import {
  archiveItemError,
  ITEM_ERRORS_PAGE_SIZE,
  listItemErrors,
} from '../../../modules/item-errors/item-errors.service.ts'
import { currentUser } from '../../../plugins/app/auth.ts'

const listQuery = z.object({
  item_id: idSchema('item_id'),
  ...pageQuery(ITEM_ERRORS_PAGE_SIZE),
  ...cacheBustingQuery,
})

const itemErrorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/item-errors',
    {
      schema: {
        tags: ['item-errors'],
        summary: 'Error events of one device, newest first',
        querystring: listQuery,
        response: { 200: itemErrorListDocumentSchema },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      return listItemErrors(app.db, currentUser(request), request.query, request.query)
    },
  )

  app.post(
    '/item-errors/:id/archive',
    {
      schema: {
        tags: ['item-errors'],
        summary: 'Hide an error event from the list (it stays stored)',
        params: idParams,
        response: { 204: noContentSchema },
      },
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      await archiveItemError(app.db, currentUser(request), request.params.id)
      return reply.status(204).send(null)
    },
  )
}

export default itemErrorRoutes
