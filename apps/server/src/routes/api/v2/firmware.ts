import multipart from '@fastify/multipart'
import {
  firmwareImageDocumentSchema,
  firmwareImageListDocumentSchema,
  firmwareUploadRequestSchema,
  MAX_FIRMWARE_BYTES,
  noContentSchema,
} from '@teplo/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { idParams } from '../../../lib/params.ts'
import {
  createFirmwareImage,
  deleteFirmwareImage,
  listFirmwareImages,
} from '../../../modules/firmware/firmware-images.service.ts'
import { readFirmwareUpload } from '../../../modules/firmware/firmware-upload.ts'
import { currentUser } from '../../../plugins/app/auth.ts'

const tags = ['firmware']

// Firmware images per device type: administrators only (ADR 027).
const firmwareRoutes: FastifyPluginAsyncZod = async (app) => {
  // Scoped to these routes; one image per request, bounded while streaming to disk.
  await app.register(multipart, { limits: { fileSize: MAX_FIRMWARE_BYTES, files: 1, fields: 10, parts: 11 } })
  const admin = app.requireRole('admin')

  app.get(
    '/firmware',
    {
      schema: {
        tags,
        summary: 'Firmware images, newest first',
        response: { 200: firmwareImageListDocumentSchema },
      },
      onRequest: admin,
    },
    async () => listFirmwareImages(app.db),
  )

  app.post(
    '/firmware',
    {
      schema: {
        tags,
        summary:
          'Upload a firmware image (multipart: attachment *.bin up to 16 MB, category_id, version, notes)',
        consumes: ['multipart/form-data'],
        multipartBody: firmwareUploadRequestSchema,
        response: { 201: firmwareImageDocumentSchema },
      },
      onRequest: admin,
    },
    async (request, reply) => {
      const upload = await readFirmwareUpload(request, app.config.dataDir)
      const document = await createFirmwareImage(
        app.db,
        app.config.dataDir,
        currentUser(request).userId,
        upload,
      )
      return reply.status(201).send(document)
    },
  )

  app.delete(
    '/firmware/:id',
    {
      schema: {
        tags,
        summary: 'Delete a firmware image (not while a rollout sends it)',
        params: idParams,
        response: { 204: noContentSchema },
      },
      onRequest: admin,
    },
    async (request, reply) => {
      await deleteFirmwareImage(app.db, app.config.dataDir, request.params.id)
      return reply.status(204).send(null)
    },
  )
}

export default firmwareRoutes
