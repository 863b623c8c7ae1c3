import { scheduleDocumentSchema, schedulePatchSchema } from '@teplo/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { idParams } from '../../../lib/params.ts'
import { itemSchedule, updateSchedule } from '../../../modules/schedule/schedule.service.ts'
import { currentUser } from '../../../plugins/app/auth.ts'

// The weekly schedule of one device (ADR 026): read by whoever sees it, changed by whoever operates it.
const scheduleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/items/:id/schedule',
    {
      schema: {
        tags: ['schedule'],
        summary:
          'The weekly schedule (7 × 48 half hours, comfort or reduced), its delivery and the active period',
        params: idParams,
        response: { 200: scheduleDocumentSchema },
      },
      onRequest: app.authenticate,
    },
    async (request) => itemSchedule(app.db, currentUser(request), request.params.id),
  )

  app.patch(
    '/items/:id/schedule',
    {
      schema: {
        tags: ['schedule'],
        summary:
          'Change the weekly schedule; sent to the controller with the settings (pending until it confirms)',
        params: idParams,
        body: schedulePatchSchema,
        response: { 200: scheduleDocumentSchema },
      },
      onRequest: app.authenticate,
      preValidation: app.requireItemAccess('operate'),
    },
    async (request) =>
      updateSchedule(app.db, app.events, currentUser(request), request.params.id, request.body),
  )
}

export default scheduleRoutes
