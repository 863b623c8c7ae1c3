import multipart from '@fastify/multipart'
import { uploadRequestSchema, uploadResponseSchema } from '@teplo/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { idParams } from '../../../lib/params.ts'
import { MAX_IMAGE_BYTES, readImageAttachment } from '../../../modules/uploads/image-attachment.ts'
import { uploadItemImage, uploadProfileImage } from '../../../modules/uploads/uploads.service.ts'
import { currentUser } from '../../../plugins/app/auth.ts'

const uploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Scoped to these routes; one image per request, bounded while streaming rather than after buffering.
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 10, parts: 11 } })

  const context = (request: Parameters<typeof currentUser>[0]) => {
    const { userId, role } = currentUser(request)
    return { db: app.db, events: app.events, dataDir: app.config.dataDir, uploader: { userId, role } }
  }

  app.post(
    '/uploads/users/:id/profile-image',
    {
      schema: {
        tags: ['uploads'],
        summary: 'Upload a profile picture (multipart field attachment; JPEG, PNG, WebP or GIF up to 2 MB)',
        consumes: ['multipart/form-data'],
        multipartBody: uploadRequestSchema,
        params: idParams,
        response: { 201: uploadResponseSchema },
      },
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      const url = await uploadProfileImage(context(request), request.params.id, () =>
        readImageAttachment(request),
      )
      return reply.status(201).send({ url })
    },
  )

  app.post(
    '/uploads/items/:id/image',
    {
      schema: {
        tags: ['uploads'],
        summary: "Upload a device's picture (multipart field attachment; JPEG, PNG, WebP or GIF up to 2 MB)",
        consumes: ['multipart/form-data'],
        multipartBody: uploadRequestSchema,
        params: idParams,
        response: { 201: uploadResponseSchema },
      },
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      const url = await uploadItemImage(context(request), request.params.id, () =>
        readImageAttachment(request),
      )
      return reply.status(201).send({ url })
    },
  )
}

export default uploadsRoutes
