import { operations } from '@teplo/domain'
import type { FastifyInstance } from 'fastify'
import { addOperation } from '../../lib/operation-route.ts'
import { currentReader } from '../../plugins/app/auth.ts'
import { listFleet } from './fleet.service.ts'

/** The installer's fleet view (ADR 018). */
export async function fleetRoutes(app: FastifyInstance): Promise<void> {
  addOperation(app, operations.listFleet, async (request) => {
    const caller = currentReader(request)
    return app.heavyReads.run(caller.userId, () => listFleet(app.db, caller, request.query, request.query))
  })
}
