import { operations } from '@teplo/domain'
import type { FastifyInstance } from 'fastify'
import { addOperation } from '../../lib/operation-route.ts'
import { currentReader } from '../../plugins/app/auth.ts'
import { serviceSettingsDocument, updateServiceSettings } from './service-settings.service.ts'

/** The controller's service parameters (declared in @teplo/domain `operations/schedule.ts`). */
export async function serviceSettingsRoutes(app: FastifyInstance): Promise<void> {
  addOperation(app, operations.getServiceSettings, async (request) =>
    serviceSettingsDocument(app.db, currentReader(request), request.params.id),
  )
  addOperation(app, operations.updateServiceSettings, async (request) =>
    updateServiceSettings(app.db, app.events, currentReader(request), request.params.id, request.body),
  )
}
