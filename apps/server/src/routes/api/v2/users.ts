import {
  noContentSchema,
  userCreateSchema,
  userDocumentSchema,
  userListDocumentSchema,
  userUpdateSchema,
} from '@teplo/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { listQuerySchema } from '../../../lib/list-query.ts'
import { idParams, isId, textParam } from '../../../lib/params.ts'
import { userDocument } from '../../../modules/users/user-document.ts'
import { listUsers, USER_SORTS } from '../../../modules/users/users.queries.ts'
import { createUser, deleteUser, updateUser } from '../../../modules/users/users.service.ts'
import { currentUser } from '../../../plugins/app/auth.ts'

const include = z.enum(['roles'], { message: 'include може бути лише: roles' }).optional()
const listQuery = listQuerySchema(USER_SORTS).extend({
  // A role id (a valid id when all digits) or a role name.
  'filter[role]': textParam('filter[role]', 50)
    .refine((role) => !/^\d+$/.test(role.trim()) || isId(role.trim()), {
      message: 'filter[role] має бути id ролі в допустимих межах або назвою ролі',
    })
    .optional(),
  include,
})
const tags = ['users']

// Users are managed by administrators only (spec §6); everyone edits their own account through /me.
const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  // Checked onRequest: a caller without the right role learns nothing, not even which fields are invalid.
  const onRequest = app.requireRole('admin')

  app.get(
    '/users',
    {
      schema: {
        tags,
        summary: 'List users',
        querystring: listQuery,
        response: { 200: userListDocumentSchema },
      },
      onRequest,
    },
    async (request) => listUsers(app.db, request.query, request.query),
  )

  app.get(
    '/users/:id',
    {
      schema: {
        tags,
        summary: 'One user',
        params: idParams,
        querystring: z.object({ include }),
        response: { 200: userDocumentSchema },
      },
      onRequest,
    },
    async (request) => userDocument(app.db, request.params.id, request.query.include === 'roles'),
  )

  app.post(
    '/users',
    {
      schema: {
        tags,
        summary: 'Create a user with roles',
        body: userCreateSchema,
        response: { 201: userDocumentSchema },
      },
      onRequest,
    },
    async (request, reply) => reply.status(201).send(await createUser(app.db, request.body)),
  )

  app.patch(
    '/users/:id',
    {
      schema: {
        tags,
        summary: 'Change name, roles, e-mail, password or picture',
        params: idParams,
        body: userUpdateSchema,
        response: { 200: userDocumentSchema },
      },
      onRequest,
    },
    async (request) => updateUser(app.db, app.events, currentUser(request), request.params.id, request.body),
  )

  app.delete(
    '/users/:id',
    {
      schema: {
        tags,
        summary: 'Delete a user with their devices',
        params: idParams,
        response: { 204: noContentSchema },
      },
      onRequest,
    },
    async (request, reply) => {
      await deleteUser(app.db, app.events, currentUser(request), request.params.id)
      return reply.status(204).send(null)
    },
  )
}

export default usersRoutes
