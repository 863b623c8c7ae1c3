import { z } from 'zod'
import { msg } from '../i18n/message'
import { userDocumentSchema, userListDocumentSchema } from '../resources/catalogue'
import { noContentSchema } from '../resources/document'
import { userCreateSchema, userUpdateSchema } from '../schemas/users'
import { defineOperation, rolesOnly } from './operation'
import { idParams, isId, listQuerySchema, textParam } from './parameters'

export const USER_SORTS = ['name', 'email', 'created_at'] as const

const include = z.enum(['roles'], { message: msg('validation.query.includeRoles') }).optional()

// Users are managed by administrators only (spec §6); everyone edits their own account through /me. The role
// is checked before the body is read: a caller without it learns nothing, not even which fields are invalid.
const admin = rolesOnly('admin')

const listUsers = defineOperation({
  id: 'listUsers',
  method: 'GET',
  path: '/users',
  tag: 'users',
  summary: 'List users',
  access: admin,
  query: listQuerySchema(USER_SORTS).extend({
    // A role id (a valid id when all digits) or a role name.
    'filter[role]': textParam('filter[role]', 50)
      .refine((role) => !/^\d+$/.test(role.trim()) || isId(role.trim()), {
        message: msg('validation.query.roleFilter'),
      })
      .optional(),
    include,
  }),
  status: 200,
  response: userListDocumentSchema,
})

const getUser = defineOperation({
  id: 'getUser',
  method: 'GET',
  path: '/users/{id}',
  tag: 'users',
  summary: 'One user',
  access: admin,
  params: idParams,
  query: z.object({ include }),
  status: 200,
  response: userDocumentSchema,
})

const createUser = defineOperation({
  id: 'createUser',
  method: 'POST',
  path: '/users',
  tag: 'users',
  summary: 'Create a user with roles',
  access: admin,
  type: 'users',
  relationships: { roles: 'roles' },
  body: userCreateSchema,
  status: 201,
  response: userDocumentSchema,
})

const updateUser = defineOperation({
  id: 'updateUser',
  method: 'PATCH',
  path: '/users/{id}',
  tag: 'users',
  summary: 'Change name, roles, e-mail, password or picture',
  access: admin,
  type: 'users',
  relationships: { roles: 'roles' },
  params: idParams,
  body: userUpdateSchema,
  status: 200,
  response: userDocumentSchema,
})

const deleteUser = defineOperation({
  id: 'deleteUser',
  method: 'DELETE',
  path: '/users/{id}',
  tag: 'users',
  summary: 'Delete a user with their devices',
  access: admin,
  params: idParams,
  status: 204,
  response: noContentSchema,
})

export const userOperations = { listUsers, getUser, createUser, updateUser, deleteUser }
