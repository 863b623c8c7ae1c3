import { LIMITS } from '@teplo/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  archiveItemError,
  ITEM_ERRORS_PAGE_SIZE,
  listItemErrors,
} from '../../../modules/item-errors/item-errors.service.ts'
import { currentUser } from '../../../plugins/app/auth.ts'
import { JSON_API } from '../../../plugins/external/errors.ts'

const positiveId = (name: string, max = 2_147_483_647) =>
  z.coerce
    .number({ message: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(1, `${name} must be at least 1`)
    .max(max, `${name} must be at most ${max}`)

const listQuery = z.object({
  item_id: z
    .string({ error: 'item_id is required' })
    .regex(/^\d{1,10}$/, { error: 'item_id must be a device id (a positive whole number)' })
    .transform(Number)
    .pipe(z.number().min(1, 'item_id must be at least 1').max(2_147_483_647, 'item_id is too large')),
  'page[number]': positiveId('page[number]').default(1),
  'page[size]': positiveId('page[size]', LIMITS.maxPageSize).default(ITEM_ERRORS_PAGE_SIZE),
  _: z.string().optional(),
  t: z.string().optional(),
})

const itemErrorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode < 300) reply.type(JSON_API)
    return payload
  })

  app.get(
    '/item-errors',
    {
      schema: {
        tags: ['item-errors'],
        summary: 'Error events of one device, newest first',
        querystring: listQuery,
      },
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return listItemErrors(app.db, currentUser(request), request.query, request.query)
    },
  )

  app.post(
    '/item-errors/:id/archive',
    {
      schema: {
        tags: ['item-errors'],
        summary: 'Hide an error event from the list (it stays stored)',
        params: z.object({ id: positiveId('id') }),
      },
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      await archiveItemError(app.db, currentUser(request), request.params.id)
      return reply.status(204).send()
    },
  )
}

export default itemErrorRoutes
