import { heatingInstallationDocumentSchema } from '../resources/installation'
import { defineOperation, SIGNED_IN } from './operation'
import { idParams } from './parameters'

// The heating installation of a device (ADR 063): visible to whoever may see the device (404 for anyone else).
export const installationOperations = {
  getHeatingInstallation: defineOperation({
    id: 'getHeatingInstallation',
    method: 'GET',
    path: '/items/{id}/installation',
    tag: 'installation',
    summary:
      'The heating installation the controller announced (circuits, sensors, buffer tank, hot water, setting ranges); data null when it announced none',
    access: SIGNED_IN,
    token: 'read',
    params: idParams,
    status: 200,
    response: heatingInstallationDocumentSchema,
  }),
}
