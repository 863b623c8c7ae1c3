import { operations } from '@teplo/domain'
import type { FastifyInstance } from 'fastify'
import { addOperation } from '../../lib/operation-route.ts'
import { currentUser } from '../../plugins/app/auth.ts'
import { getEnergyCounters, updateEnergySettings } from './energy.service.ts'

/** The energy counters of a device and its heating season (declared in @teplo/domain `operations/energy.ts`, ADR 058). */
export async function energyRoutes(app: FastifyInstance): Promise<void> {
  addOperation(app, operations.getEnergyCounters, async (request) =>
    getEnergyCounters(app.db, currentUser(request), request.params.id),
  )
  addOperation(app, operations.updateEnergySettings, async (request) =>
    updateEnergySettings(app.db, currentUser(request), request.params.id, request.body),
  )
}
