import { operations } from '@teplo/domain'
import type { FastifyInstance } from 'fastify'
import { addOperation } from '../../lib/operation-route.ts'
import { createRole, deleteRole, getRole, listRoles, updateRole } from './roles.service.ts'

/** The roles' operations (declared in @teplo/domain `operations/roles-and-tags.ts`), one handler each. */
export async function rolesRoutes(app: FastifyInstance): Promise<void> {
  addOperation(app, operations.listRoles, async (request) => listRoles(app.db, request.query, request.query))
  addOperation(app, operations.getRole, async (request) => getRole(app.db, request.params.id))
  addOperation(app, operations.createRole, async (request) => createRole(app.db, request.body))
  addOperation(app, operations.updateRole, async (request) =>
    updateRole(app.db, request.params.id, request.body),
  )
  addOperation(app, operations.deleteRole, async (request) => {
    await deleteRole(app.db, request.params.id)
    return undefined
  })
}
