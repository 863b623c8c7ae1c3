import { operations } from '@teplo/domain'
import type { FastifyInstance } from 'fastify'
import { addOperation } from '../../lib/operation-route.ts'
import { currentUser } from '../../plugins/app/auth.ts'
import { userDocument } from './user-document.ts'
import { listUsers } from './users.queries.ts'
import { createUser, deleteUser, updateUser } from './users.service.ts'

/**
 * Users, managed by administrators only (spec §6); everyone edits their own account through /me (declared in
 * @teplo/domain `operations/users.ts`).
 */
export async function usersRoutes(app: FastifyInstance): Promise<void> {
  addOperation(app, operations.listUsers, async (request) => listUsers(app.db, request.query, request.query))

  addOperation(app, operations.getUser, async (request) =>
    userDocument(app.db, request.params.id, request.query.include === 'roles'),
  )

  addOperation(app, operations.createUser, async (request) => createUser(app.db, request.body))

  addOperation(app, operations.updateUser, async (request) =>
    updateUser(app.db, app.events, currentUser(request), request.params.id, request.body),
  )

  addOperation(app, operations.deleteUser, async (request) => {
    await deleteUser(app.db, app.events, currentUser(request), request.params.id)
    return undefined
  })
}
