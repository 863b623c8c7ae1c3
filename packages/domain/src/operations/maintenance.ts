import { z } from 'zod'
import { maintenanceDocumentSchema } from '../resources/maintenance'
import { maintenanceDoneSchema, maintenanceIntervalSchema } from '../schemas/maintenance'
import { defineOperation, itemAccess, SIGNED_IN } from './operation'
import { idParams, idSchema, textParam } from './parameters'

// An unknown task in the path is 404 (the handler's check), as an unknown device is: the path names a thing.
const taskParams = z.object({ id: idSchema('id'), task: textParam('task', 40) })

// The maintenance reminders of a device (ADR 059): visible to whoever may see it (404 for anyone else); whoever
// operates it marks a task done; the intervals are the installer's (the `commission` ability).
export const maintenanceOperations = {
  getMaintenance: defineOperation({
    id: 'getMaintenance',
    method: 'GET',
    path: '/items/{id}/maintenance',
    tag: 'maintenance',
    summary:
      'The maintenance tasks of a device: interval, when last done, what is left and ok / due / overdue',
    access: SIGNED_IN,
    token: 'read',
    params: idParams,
    status: 200,
    response: maintenanceDocumentSchema,
  }),
  updateMaintenanceInterval: defineOperation({
    id: 'updateMaintenanceInterval',
    method: 'PATCH',
    path: '/items/{id}/maintenance/{task}',
    tag: 'maintenance',
    summary:
      "Change a task's interval on this device (kg, burner hours or months); null restores the default",
    access: itemAccess('commission'),
    type: 'maintenance-schedules',
    params: taskParams,
    body: maintenanceIntervalSchema,
    status: 200,
    response: maintenanceDocumentSchema,
  }),
  markMaintenanceDone: defineOperation({
    id: 'markMaintenanceDone',
    method: 'POST',
    path: '/items/{id}/maintenance/{task}/done',
    tag: 'maintenance',
    summary: 'Mark a task done (when, and a note): its count starts again; the change log keeps it',
    access: itemAccess('operate'),
    type: 'maintenance-schedules',
    params: taskParams,
    body: maintenanceDoneSchema,
    status: 200,
    response: maintenanceDocumentSchema,
  }),
}
