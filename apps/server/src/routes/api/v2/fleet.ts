import { FLEET_ATTENTION, fleetListDocumentSchema } from '@teplo/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { cacheBustingQuery, pageQuery } from '../../../lib/list-query.ts'
import { textParam } from '../../../lib/params.ts'
import { FLEET_PAGE_SIZE, listFleet } from '../../../modules/fleet/fleet.service.ts'
import { currentUser } from '../../../plugins/app/auth.ts'

const fleetQuery = z.object({
  ...pageQuery(FLEET_PAGE_SIZE),
  'filter[search]': textParam('filter[search]', 100).optional(),
  'filter[attention]': z
    .enum(FLEET_ATTENTION, { message: `filter[attention] має бути одним із: ${FLEET_ATTENTION.join(', ')}` })
    .optional(),
  ...cacheBustingQuery,
})

// The installer's fleet view (ADR 018): creators and admins.
const fleetRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/fleet',
    {
      schema: {
        tags: ['sharing'],
        summary:
          'Every device the installer has access to (admins: every device) with its live state, what needs ' +
          'attention first; filter[search] on name, serial or owner, filter[attention]',
        querystring: fleetQuery,
        response: { 200: fleetListDocumentSchema },
      },
      onRequest: app.requireRole('admin', 'creator'),
    },
    async (request) => {
      const caller = currentUser(request)
      return app.heavyReads.run(caller.userId, () => listFleet(app.db, caller, request.query, request.query))
    },
  )
}

export default fleetRoutes
