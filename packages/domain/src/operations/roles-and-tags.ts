import {
  roleDocumentSchema,
  roleListDocumentSchema,
  tagDocumentSchema,
  tagListDocumentSchema,
} from '../resources/catalogue'
import { roleSchema, tagSchema } from '../schemas/catalogue'
import { catalogueOperations } from './catalogue'
import { rolesOnly, SIGNED_IN } from './operation'

export const ROLE_SORTS = ['name', 'created_at'] as const
export const TAG_SORTS = ['name', 'color', 'created_at'] as const

// Roles are managed by administrators only (spec §6).
const roles = catalogueOperations({
  type: 'roles',
  noun: 'Role',
  nouns: 'Roles',
  sorts: ROLE_SORTS,
  body: roleSchema,
  document: roleDocumentSchema,
  listDocument: roleListDocumentSchema,
  read: rolesOnly('admin'),
  write: rolesOnly('admin'),
  summaries: {
    list: 'List roles',
    get: 'One role',
    create: 'Create a role',
    update: 'Rename a role (not the default ones)',
    delete: 'Delete a role without users',
  },
})

// Any signed-in user may read tags; only administrators change them.
const tags = catalogueOperations({
  type: 'tags',
  noun: 'Tag',
  nouns: 'Tags',
  sorts: TAG_SORTS,
  body: tagSchema,
  document: tagDocumentSchema,
  listDocument: tagListDocumentSchema,
  read: SIGNED_IN,
  write: rolesOnly('admin'),
  summaries: {
    list: 'List tags',
    get: 'One tag',
    create: 'Create a tag',
    update: 'Change a tag',
    delete: 'Delete a tag',
  },
})

export const roleOperations = {
  listRoles: roles.list,
  getRole: roles.get,
  createRole: roles.create,
  updateRole: roles.update,
  deleteRole: roles.delete,
}

export const tagOperations = {
  listTags: tags.list,
  getTag: tags.get,
  createTag: tags.create,
  updateTag: tags.update,
  deleteTag: tags.delete,
}
