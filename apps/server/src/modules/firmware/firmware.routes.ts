import multipart from '@fastify/multipart'
import { MAX_FIRMWARE_BYTES, operations } from '@teplo/domain'
import type { FastifyInstance } from 'fastify'
import { addOperation } from '../../lib/operation-route.ts'
import { requestLanguage } from '../../lib/request-language.ts'
import { currentUser } from '../../plugins/app/auth.ts'
import { listFirmwareDevices } from './firmware-devices.service.ts'
import { createFirmwareImage, deleteFirmwareImage, listFirmwareImages } from './firmware-images.service.ts'
import { firmwareForDownload } from './firmware-links.ts'
import { openFirmware } from './firmware-storage.ts'
import { readFirmwareUpload } from './firmware-upload.ts'
import { createRollout, getRollout, listRollouts } from './rollouts.service.ts'

/** Firmware images per device type and their rollouts (ADR 027). */
export async function firmwareRoutes(app: FastifyInstance): Promise<void> {
  const o = operations

  await app.register(async (images) => {
    // Scoped to these routes; one image per request, bounded while streaming to disk.
    await images.register(multipart, {
      limits: { fileSize: MAX_FIRMWARE_BYTES, files: 1, fields: 10, parts: 11 },
    })

    addOperation(images, o.listFirmwareImages, async () => listFirmwareImages(app.db))

    addOperation(images, o.uploadFirmwareImage, async (request) => {
      const upload = await readFirmwareUpload(request, app.config.dataDir)
      return createFirmwareImage(app.db, app.config.dataDir, currentUser(request).userId, upload)
    })

    addOperation(images, o.deleteFirmwareImage, async (request) => {
      await deleteFirmwareImage(app.db, app.config.dataDir, request.params.id)
      return undefined
    })
  })

  addOperation(app, o.listFirmwareRollouts, async (request) =>
    listRollouts(app.db, request.query, request.query as Record<string, unknown>, requestLanguage(request)),
  )

  addOperation(app, o.getFirmwareRollout, async (request) =>
    getRollout(app.db, request.params.id, requestLanguage(request)),
  )

  addOperation(app, o.createFirmwareRollout, async (request) =>
    createRollout(app.db, app.events, currentUser(request).userId, request.body, requestLanguage(request)),
  )

  addOperation(app, o.listFirmwareDevices, async (request) =>
    listFirmwareDevices(app.db, currentUser(request), requestLanguage(request)),
  )

  // The download is the device's, with its own credentials (HTTP Basic: serial and device secret).
  addOperation(app, o.downloadFirmware, async (request, reply) => {
    const image = await firmwareForDownload(app.db, request.params.token, request.headers.authorization)
    return (
      reply
        .type('application/octet-stream')
        .header('content-length', String(image.size))
        .header('content-disposition', `attachment; filename="firmware-${image.version}.bin"`)
        // A stream is sent as it is (never serialised); the schema only documents the binary answer.
        .send(openFirmware(app.config.dataDir, image.fileName))
    )
  })
}
