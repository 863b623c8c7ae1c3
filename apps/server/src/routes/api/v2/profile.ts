import {
  accountDeleteSchema,
  checkPasswordSchema,
  noContentSchema,
  PROFILE_PATCH_MEMBERS,
  profileDocumentSchema,
  profilePatchSchema,
  withoutUnchanged,
} from '@teplo/domain'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { HttpError } from '../../../lib/api-error.ts'
import { sha256 } from '../../../lib/secrets.ts'
import {
  confirmPassword,
  recentAuthentication,
  WRONG_CURRENT_PASSWORD,
} from '../../../modules/auth/recent-auth.ts'
import { deleteAccount } from '../../../modules/profile/account-deletion.ts'
import { updateProfile } from '../../../modules/profile/profile.service.ts'
import { profileDocument } from '../../../modules/profile/profile-document.ts'
import { removeOwnerUploads } from '../../../modules/uploads/upload-storage.ts'
import { currentUser } from '../../../plugins/app/auth.ts'

// Keyed by address and session, so a stolen token cannot be used to guess its owner's password quickly.
const bySession = (request: FastifyRequest) => `${request.ip}:${sha256(request.headers.authorization ?? '')}`

const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const emailContext = () => ({
    db: app.db,
    events: app.events,
    mailer: app.mailer,
    appUrl: app.config.appUrl,
    log: app.log,
  })

  app.patch(
    '/me',
    {
      schema: {
        tags: ['profile'],
        summary:
          'Change the name, the password (with the current one) or the e-mail — one per request — and/or the ' +
          'language. An e-mail change needs `current_password` or a check-password within 5 minutes, and waits ' +
          'as `pending_email` until the link mailed to the new address is opened',
        body: profilePatchSchema,
        response: { 200: profileDocumentSchema },
      },
      onRequest: app.authenticate,
      // A current password sent here is checked like one sent to check-password: bounded per session.
      config: { rateLimit: { max: 20, timeWindow: '1 minute', keyGenerator: bySession } },
      // Echoed members equal to the stored ones are not a change; an echo that changes nothing changes nothing.
      preValidation: async (request, reply) => {
        const body = request.body
        if (typeof body !== 'object' || body === null || Array.isArray(body)) return
        const { userId } = currentUser(request)
        const current = await profileDocument(app.db, userId, false)
        const kept = withoutUnchanged(body as Record<string, unknown>, current.data.attributes)
        const dropped = Object.keys(kept).length < Object.keys(body).length
        if (dropped && !PROFILE_PATCH_MEMBERS.some((k) => k in kept)) {
          return reply.send(await profileDocument(app.db, userId, true))
        }
        // Still the raw body here: the schema below validates what is left.
        ;(request as { body: unknown }).body = kept
      },
    },
    async (request) => {
      const { userId, tokenId } = currentUser(request)
      await updateProfile(emailContext(), { userId, tokenId }, request.body)
      return profileDocument(app.db, userId, true)
    },
  )

  app.delete(
    '/me',
    {
      schema: {
        tags: ['profile'],
        summary:
          'Delete the account with its devices and their data (the current password confirms it, or a ' +
          'check-password within 5 minutes)',
        body: z.preprocess((body) => body ?? {}, accountDeleteSchema),
        response: { 204: noContentSchema },
      },
      onRequest: app.authenticate,
      preValidation: recentAuthentication(app.db),
      // Each try checks a password: limited like /auth/check-password.
      config: { rateLimit: { max: 10, timeWindow: '1 minute', keyGenerator: bySession } },
    },
    async (request, reply) => {
      const { userId } = currentUser(request)
      const deleted = await deleteAccount(app.db, app.events, userId)
      await Promise.all([
        removeOwnerUploads(app.config.dataDir, 'users', deleted.userId),
        ...deleted.items.map((item) => removeOwnerUploads(app.config.dataDir, 'items', item.id)),
      ]).catch((err: unknown) => request.log.warn({ err }, 'could not remove uploads of a deleted account'))
      return reply.status(204).send(null)
    },
  )

  app.post(
    '/auth/check-password',
    {
      schema: {
        tags: ['profile'],
        summary:
          "Confirm the signed-in user's password (204 right, 401 wrong); a right one vouches for this session's " +
          'e-mail change and account deletion for 5 minutes',
        body: checkPasswordSchema,
        response: { 204: noContentSchema },
      },
      onRequest: app.authenticate,
      config: {
        rateLimit: { max: 10, timeWindow: '1 minute', keyGenerator: bySession },
        twoFactorSetup: true,
      },
    },
    async (request, reply) => {
      const { userId, tokenId } = currentUser(request)
      const right = await confirmPassword(app.db, { userId, tokenId }, request.body.password)
      if (!right) throw new HttpError(401, WRONG_CURRENT_PASSWORD)
      return reply.status(204).send(null)
    },
  )
}

export default profileRoutes
