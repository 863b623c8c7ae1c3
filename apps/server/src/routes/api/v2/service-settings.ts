import { itemServiceSettingsDocumentSchema, serviceSettingsPatchSchema } from '@teplo/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { idParams } from '../../../lib/params.ts'
import {
  serviceSettingsDocument,
  updateServiceSettings,
} from '../../../modules/service-settings/service-settings.service.ts'
import { currentUser } from '../../../plugins/app/auth.ts'

// The controller's service parameters (ADR 025): whoever sees the device reads them; installers and
// administrators change them.
const serviceSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/items/:id/service-settings',
    {
      schema: {
        tags: ['items'],
        summary: 'Service parameters of the controller (feeder, fan, ignition, cleaning, pumps, fuel)',
        params: idParams,
        response: { 200: itemServiceSettingsDocumentSchema },
      },
      onRequest: app.authenticate,
    },
    async (request) => serviceSettingsDocument(app.db, currentUser(request), request.params.id),
  )

  app.patch(
    '/items/:id/service-settings',
    {
      schema: {
        tags: ['items'],
        summary:
          'Change service parameters (installer, administrator); sent to the controller as desired settings',
        params: idParams,
        body: serviceSettingsPatchSchema,
        response: { 200: itemServiceSettingsDocumentSchema },
      },
      onRequest: app.authenticate,
      preValidation: app.requireItemAccess('commission'),
    },
    async (request) =>
      updateServiceSettings(app.db, app.events, currentUser(request), request.params.id, request.body),
  )
}

export default serviceSettingsRoutes
