import { operations } from '@teplo/domain'
import type { FastifyInstance } from 'fastify'
import { addOperation } from '../../lib/operation-route.ts'
import { currentUser } from '../../plugins/app/auth.ts'
import { getMaintenance, markMaintenanceDone, updateMaintenanceInterval } from './maintenance.service.ts'

/** The maintenance reminders of a device (declared in @teplo/domain `operations/maintenance.ts`, ADR 059). */
export async function maintenanceRoutes(app: FastifyInstance): Promise<void> {
  const o = operations
  addOperation(app, o.getMaintenance, async (request) =>
    getMaintenance(app.db, currentUser(request), request.params.id),
  )
  addOperation(app, o.updateMaintenanceInterval, async (request) =>
    updateMaintenanceInterval(
      app.db,
      currentUser(request),
      request.params.id,
      request.params.task,
      request.body,
    ),
  )
  addOperation(app, o.markMaintenanceDone, async (request) =>
    markMaintenanceDone(app.db, currentUser(request), request.params.id, request.params.task, request.body),
  )
}
