import { noContentSchema, roleDocumentSchema, roleListDocumentSchema, roleSchema } from '@teplo/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { listQuerySchema } from '../../../lib/list-query.ts'
import { idParams } from '../../../lib/params.ts'
import {
  createRole,
  deleteRole,
  getRole,
  listRoles,
  ROLE_SORTS,
  updateRole,
} from '../../../modules/roles/roles.service.ts'

const tags = ['roles']

// Roles are managed by administrators only (spec §6).
const rolesRoutes: FastifyPluginAsyncZod = async (app) => {
  // onRequest: a caller without the right role learns nothing, not even which fields are invalid.
  const onRequest = app.requireRole('admin')

  app.get(
    '/roles',
    {
      schema: {
        tags,
        summary: 'List roles',
        querystring: listQuerySchema(ROLE_SORTS),
        response: { 200: roleListDocumentSchema },
      },
      onRequest,
    },
    async (request) => listRoles(app.db, request.query, request.query),
  )

  app.get(
    '/roles/:id',
    {
      schema: { tags, summary: 'One role', params: idParams, response: { 200: roleDocumentSchema } },
      onRequest,
    },
    async (request) => getRole(app.db, request.params.id),
  )

  app.post(
    '/roles',
    {
      schema: { tags, summary: 'Create a role', body: roleSchema, response: { 201: roleDocumentSchema } },
      onRequest,
    },
    async (request, reply) => reply.status(201).send(await createRole(app.db, request.body)),
  )

  app.patch(
    '/roles/:id',
    {
      schema: {
        tags,
        summary: 'Rename a role (not the default ones)',
        params: idParams,
        body: roleSchema.partial(),
        response: { 200: roleDocumentSchema },
      },
      onRequest,
    },
    async (request) => updateRole(app.db, request.params.id, request.body),
  )

  app.delete(
    '/roles/:id',
    {
      schema: {
        tags,
        summary: 'Delete a role without users',
        params: idParams,
        response: { 204: noContentSchema },
      },
      onRequest,
    },
    async (request, reply) => {
      await deleteRole(app.db, request.params.id)
      return reply.status(204).send(null)
    },
  )
}

export default rolesRoutes
