import { operations, PROFILE_PATCH_MEMBERS, withoutUnchanged } from '@teplo/domain'
import type { FastifyInstance, FastifyRequest, preValidationHookHandler } from 'fastify'
import { HttpError } from '../../lib/api-error.ts'
import { addOperation } from '../../lib/operation-route.ts'
import { sha256 } from '../../lib/secrets.ts'
import { currentUser } from '../../plugins/app/auth.ts'
import { accountEmailContext } from '../account-email/account-email.service.ts'
import { confirmPassword, recentAuthentication, WRONG_CURRENT_PASSWORD } from '../auth/recent-auth.ts'
import { removeOwnerUploads } from '../uploads/upload-storage.ts'
import { deleteAccount } from './account-deletion.ts'
import { updateProfile } from './profile.service.ts'
import { profileDocument } from './profile-document.ts'

// Keyed by address and session, so a stolen token cannot be used to guess its owner's password quickly.
const bySession = (request: FastifyRequest) => `${request.ip}:${sha256(request.headers.authorization ?? '')}`

// The account was typed `profile` before it was a users resource: a document of that type is still read as one.
const legacyProfileType: preValidationHookHandler = (request, _reply, done) => {
  const data = request.jsonApiDocument?.data
  if (typeof data === 'object' && data !== null && !Array.isArray(data) && data.type === 'profile') {
    data.type = 'users'
  }
  done()
}

/** The signed-in account's own operations (declared in @teplo/domain `operations/profile.ts`). */
export async function profileRoutes(app: FastifyInstance): Promise<void> {
  const emailContext = () => accountEmailContext(app)

  // Echoed members equal to the stored ones are not a change; an echo that changes nothing changes nothing.
  const settleEcho: preValidationHookHandler = async (request, reply) => {
    const body = request.body
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return
    const { userId } = currentUser(request)
    const current = await profileDocument(app.db, userId, false)
    const kept = withoutUnchanged(body as Record<string, unknown>, current.data.attributes)
    const dropped = Object.keys(kept).length < Object.keys(body).length
    if (dropped && !PROFILE_PATCH_MEMBERS.some((k) => k in kept)) {
      return reply.send(await profileDocument(app.db, userId, true))
    }
    // Still the raw body here: the schema validates what is left.
    ;(request as { body: unknown }).body = kept
  }

  addOperation(
    app,
    operations.updateProfile,
    async (request) => {
      const { userId, tokenId } = currentUser(request)
      await updateProfile(emailContext(), { userId, tokenId }, request.body)
      return profileDocument(app.db, userId, true)
    },
    {
      // A current password sent here is checked like one sent to check-password: bounded per session.
      config: { rateLimit: { max: 20, timeWindow: '1 minute', keyGenerator: bySession } },
      preValidation: [legacyProfileType, settleEcho],
    },
  )

  addOperation(
    app,
    operations.deleteAccount,
    async (request) => {
      const { userId } = currentUser(request)
      const deleted = await deleteAccount(app.db, app.events, userId)
      await Promise.all([
        removeOwnerUploads(app.config.dataDir, 'users', deleted.userId),
        ...deleted.items.map((item) => removeOwnerUploads(app.config.dataDir, 'items', item.id)),
      ]).catch((err: unknown) => request.log.warn({ err }, 'could not remove uploads of a deleted account'))
      return undefined
    },
    {
      preValidation: [legacyProfileType, recentAuthentication(app.db)],
      // Each try checks a password: limited like /auth/check-password.
      config: { rateLimit: { max: 10, timeWindow: '1 minute', keyGenerator: bySession } },
    },
  )

  addOperation(
    app,
    operations.checkPassword,
    async (request) => {
      const { userId, tokenId } = currentUser(request)
      const right = await confirmPassword(app.db, { userId, tokenId }, request.body.password)
      if (!right) throw new HttpError(401, WRONG_CURRENT_PASSWORD)
      return undefined
    },
    {
      config: {
        rateLimit: { max: 10, timeWindow: '1 minute', keyGenerator: bySession },
        twoFactorSetup: true,
      },
    },
  )
}
