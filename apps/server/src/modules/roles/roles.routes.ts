import { operations } from '@teplo/domain'
import type { FastifyInstance } from 'fastify'
import { addCatalogueOperations } from '../../lib/operation-route.ts'
import { createRole, deleteRole, getRole, listRoles, updateRole } from './roles.service.ts'

/** The roles' operations (declared in @teplo/domain `operations/roles-and-tags.ts`). */
export async function rolesRoutes(app: FastifyInstance): Promise<void> {
  const o = operations
  addCatalogueOperations(
    app,
    { list: o.listRoles, get: o.getRole, create: o.createRole, update: o.updateRole, delete: o.deleteRole },
    {
      list: (query, raw) => listRoles(app.db, query, raw),
      get: (id) => getRole(app.db, id),
      create: (body) => createRole(app.db, body),
      update: (id, body) => updateRole(app.db, id, body),
      remove: (id) => deleteRole(app.db, id),
    },
  )
}
