import multipart from '@fastify/multipart'
import { operations } from '@teplo/domain'
import type { FastifyInstance } from 'fastify'
import { addOperation } from '../../lib/operation-route.ts'
import { currentUser } from '../../plugins/app/auth.ts'
import { MAX_IMAGE_BYTES, readImageAttachment } from './image-attachment.ts'
import { uploadItemImage, uploadProfileImage } from './uploads.service.ts'

/** Pictures of users and devices (declared in @teplo/domain `operations/uploads.ts`). */
export async function uploadsRoutes(app: FastifyInstance): Promise<void> {
  // Scoped to these routes; one image per request, bounded while streaming rather than after buffering.
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 10, parts: 11 } })

  const context = (request: Parameters<typeof currentUser>[0]) => {
    const { userId, role } = currentUser(request)
    return { db: app.db, events: app.events, dataDir: app.config.dataDir, uploader: { userId, role } }
  }

  addOperation(app, operations.uploadProfileImage, async (request) => {
    const url = await uploadProfileImage(context(request), request.params.id, () =>
      readImageAttachment(request),
    )
    return { url }
  })

  addOperation(app, operations.uploadItemImage, async (request) => {
    const url = await uploadItemImage(context(request), request.params.id, () => readImageAttachment(request))
    return { url }
  })
}
