import {
  firmwareDeviceListDocumentSchema,
  firmwareRolloutCreateSchema,
  firmwareRolloutDocumentSchema,
  firmwareRolloutListDocumentSchema,
} from '@teplo/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { idParams } from '../../../lib/params.ts'
import { listFirmwareDevices } from '../../../modules/firmware/firmware-devices.service.ts'
import { firmwareForDownload } from '../../../modules/firmware/firmware-links.ts'
import { openFirmware } from '../../../modules/firmware/firmware-storage.ts'
import { createRollout, getRollout, listRollouts } from '../../../modules/firmware/rollouts.service.ts'
import { currentUser } from '../../../plugins/app/auth.ts'

const tags = ['firmware']

const downloadParams = z.object({
  token: z.string().max(200, { error: 'Посилання на прошивку неправильне' }),
})

// Rollouts are administrators' (ADR 027); the download is the device's, with its own credentials.
const firmwareRolloutRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = app.requireRole('admin')

  app.get(
    '/firmware-rollouts',
    {
      schema: {
        tags,
        summary: 'Firmware rollouts, newest first (the last 50), with every device and its state',
        response: { 200: firmwareRolloutListDocumentSchema },
      },
      onRequest: admin,
    },
    async () => listRollouts(app.db),
  )

  app.get(
    '/firmware-rollouts/:id',
    {
      schema: {
        tags,
        summary: 'One rollout',
        params: idParams,
        response: { 200: firmwareRolloutDocumentSchema },
      },
      onRequest: admin,
    },
    async (request) => getRollout(app.db, request.params.id),
  )

  app.post(
    '/firmware-rollouts',
    {
      schema: {
        tags,
        summary: 'Send a firmware image to chosen devices of its type or to all of them, optionally staged',
        body: firmwareRolloutCreateSchema,
        response: { 201: firmwareRolloutDocumentSchema },
      },
      onRequest: admin,
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createRollout(app.db, app.events, currentUser(request).userId, request.body)),
  )

  app.get(
    '/firmware-devices',
    {
      schema: {
        tags,
        summary:
          "Each device's firmware, the newest for its type and its last update (administrators: every device; others: their own and shared ones)",
        response: { 200: firmwareDeviceListDocumentSchema },
      },
      onRequest: app.authenticate,
    },
    async (request) => listFirmwareDevices(app.db, currentUser(request)),
  )

  app.get(
    '/firmware-downloads/:token',
    {
      schema: {
        tags,
        summary:
          'A controller downloads the firmware of its ota/desired link (HTTP Basic: serial and device secret)',
        params: downloadParams,
        response: { 200: z.string().meta({ format: 'binary', description: 'The firmware image' }) },
      },
      config: { jsonApi: false },
    },
    async (request, reply) => {
      const image = await firmwareForDownload(app.db, request.params.token, request.headers.authorization)
      return (
        reply
          .type('application/octet-stream')
          .header('content-length', String(image.size))
          .header('content-disposition', `attachment; filename="firmware-${image.version}.bin"`)
          // A stream is sent as it is (never serialised); the schema only documents the binary answer.
          .send(openFirmware(app.config.dataDir, image.fileName) as unknown as string)
      )
    },
  )
}

export default firmwareRolloutRoutes
