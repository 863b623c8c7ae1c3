import { z } from 'zod'
import { msg } from '../i18n/message'
import { noContentSchema } from '../resources/document'
import {
  firmwareDeviceListDocumentSchema,
  firmwareImageDocumentSchema,
  firmwareImageListDocumentSchema,
  firmwareRolloutDocumentSchema,
  firmwareRolloutListDocumentSchema,
} from '../resources/firmware'
import { firmwareRolloutCreateSchema, firmwareUploadRequestSchema } from '../schemas/firmware'
import { defineOperation, PUBLIC, rolesOnly, SIGNED_IN } from './operation'
import { cacheBustingQuery, idParams, pageQuery } from './parameters'

const tag = 'firmware'
const admin = rolesOnly('admin')

/** Rollouts a page of the administrators' list shows, newest first. */
export const ROLLOUTS_PAGE_SIZE = 10

const downloadParams = z.object({
  token: z.string().max(200, { error: msg('validation.query.firmwareLinkInvalid') }),
})

// Firmware images per device type and their rollouts: administrators only (ADR 027); the download is the
// device's, with its own credentials.
export const firmwareOperations = {
  listFirmwareImages: defineOperation({
    id: 'listFirmwareImages',
    method: 'GET',
    path: '/firmware',
    tag,
    summary: 'Firmware images, newest first',
    access: admin,
    status: 200,
    response: firmwareImageListDocumentSchema,
  }),
  uploadFirmwareImage: defineOperation({
    id: 'uploadFirmwareImage',
    method: 'POST',
    path: '/firmware',
    tag,
    summary: 'Upload a firmware image (multipart: attachment *.bin up to 16 MB, category_id, version, notes)',
    access: admin,
    // The type of the answer's data; the parts are no document.
    type: 'firmware',
    bodyMediaType: 'multipart/form-data',
    body: firmwareUploadRequestSchema,
    status: 201,
    response: firmwareImageDocumentSchema,
  }),
  deleteFirmwareImage: defineOperation({
    id: 'deleteFirmwareImage',
    method: 'DELETE',
    path: '/firmware/{id}',
    tag,
    summary: 'Delete a firmware image (not while a rollout sends it)',
    access: admin,
    params: idParams,
    status: 204,
    response: noContentSchema,
  }),
  listFirmwareRollouts: defineOperation({
    id: 'listFirmwareRollouts',
    method: 'GET',
    path: '/firmware-rollouts',
    tag,
    summary: 'Firmware rollouts, newest first, a page at a time, with every device and its state',
    access: admin,
    query: z.object({ ...pageQuery(ROLLOUTS_PAGE_SIZE), ...cacheBustingQuery }),
    status: 200,
    response: firmwareRolloutListDocumentSchema,
  }),
  getFirmwareRollout: defineOperation({
    id: 'getFirmwareRollout',
    method: 'GET',
    path: '/firmware-rollouts/{id}',
    tag,
    summary: 'One rollout',
    access: admin,
    params: idParams,
    status: 200,
    response: firmwareRolloutDocumentSchema,
  }),
  createFirmwareRollout: defineOperation({
    id: 'createFirmwareRollout',
    method: 'POST',
    path: '/firmware-rollouts',
    tag,
    summary: 'Send a firmware image to chosen devices of its type or to all of them, optionally staged',
    access: admin,
    type: 'firmware-rollouts',
    body: firmwareRolloutCreateSchema,
    status: 201,
    response: firmwareRolloutDocumentSchema,
  }),
  listFirmwareDevices: defineOperation({
    id: 'listFirmwareDevices',
    method: 'GET',
    path: '/firmware-devices',
    tag,
    summary:
      "Each device's firmware, the newest for its type and its last update (administrators: every device; others: their own and shared ones)",
    access: SIGNED_IN,
    status: 200,
    response: firmwareDeviceListDocumentSchema,
  }),
  // The controller's own credentials (HTTP Basic: serial and device secret), checked by the handler.
  downloadFirmware: defineOperation({
    id: 'downloadFirmware',
    method: 'GET',
    path: '/firmware-downloads/{token}',
    tag,
    summary:
      'A controller downloads the firmware of its ota/desired link (HTTP Basic: serial and device secret)',
    access: PUBLIC,
    jsonApi: false,
    params: downloadParams,
    status: 200,
    response: z.string().meta({ format: 'binary', description: 'The firmware image' }),
  }),
}
