import { operations } from '@teplo/domain'
import type { FastifyInstance } from 'fastify'
import { addOperation } from '../../lib/operation-route.ts'
import { currentReader } from '../../plugins/app/auth.ts'
import { itemSchedule, updateSchedule } from './schedule.service.ts'

/** A device's weekly schedule (declared in @teplo/domain `operations/schedule.ts`). */
export async function scheduleRoutes(app: FastifyInstance): Promise<void> {
  addOperation(app, operations.getSchedule, async (request) =>
    itemSchedule(app.db, currentReader(request), request.params.id),
  )
  addOperation(app, operations.updateSchedule, async (request) =>
    updateSchedule(app.db, app.events, currentReader(request), request.params.id, request.body),
  )
}
