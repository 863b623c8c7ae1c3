import { operations } from '@teplo/domain'
import type { FastifyInstance } from 'fastify'
import { addOperation } from '../../lib/operation-route.ts'
import { currentUser } from '../../plugins/app/auth.ts'
import { getHeatingInstallation } from './installation.service.ts'

/** The heating installation of a device (declared in @teplo/domain `operations/installation.ts`, ADR 063). */
export async function installationRoutes(app: FastifyInstance): Promise<void> {
  addOperation(app, operations.getHeatingInstallation, async (request) =>
    getHeatingInstallation(app.db, currentUser(request), request.params.id),
  )
}
