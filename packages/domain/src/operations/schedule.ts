import { scheduleDocumentSchema } from '../resources/schedule'
import { itemServiceSettingsDocumentSchema, SERVICE_SETTINGS_TYPE } from '../resources/service-settings'
import { schedulePatchSchema } from '../schemas/schedule'
import { serviceSettingsPatchSchema } from '../service-settings/schemas'
import { defineOperation, itemAccess, SIGNED_IN } from './operation'
import { idParams } from './parameters'

// The weekly schedule of one device (ADR 026): read by whoever sees it, changed by whoever operates it.
export const scheduleOperations = {
  getSchedule: defineOperation({
    id: 'getSchedule',
    method: 'GET',
    path: '/items/{id}/schedule',
    tag: 'schedule',
    summary:
      'The weekly schedule (7 × 48 half hours, comfort or reduced), its delivery and the active period',
    access: SIGNED_IN,
    token: 'read',
    params: idParams,
    status: 200,
    response: scheduleDocumentSchema,
  }),
  updateSchedule: defineOperation({
    id: 'updateSchedule',
    method: 'PATCH',
    path: '/items/{id}/schedule',
    tag: 'schedule',
    summary:
      'Change the weekly schedule; sent to the controller with the settings (pending until it confirms)',
    access: itemAccess('operate'),
    token: 'control',
    type: 'schedules',
    params: idParams,
    body: schedulePatchSchema,
    status: 200,
    response: scheduleDocumentSchema,
  }),
}

// The controller's service parameters (ADR 025): whoever sees the device reads them; installers and
// administrators change them.
export const serviceSettingsOperations = {
  getServiceSettings: defineOperation({
    id: 'getServiceSettings',
    method: 'GET',
    path: '/items/{id}/service-settings',
    tag: 'items',
    summary: 'Service parameters of the controller (feeder, fan, ignition, cleaning, pumps, fuel)',
    access: SIGNED_IN,
    params: idParams,
    status: 200,
    response: itemServiceSettingsDocumentSchema,
  }),
  updateServiceSettings: defineOperation({
    id: 'updateServiceSettings',
    method: 'PATCH',
    path: '/items/{id}/service-settings',
    tag: 'items',
    summary:
      'Change service parameters (installer, administrator); sent to the controller as desired settings',
    access: itemAccess('commission'),
    type: SERVICE_SETTINGS_TYPE,
    params: idParams,
    body: serviceSettingsPatchSchema,
    status: 200,
    response: itemServiceSettingsDocumentSchema,
  }),
}
