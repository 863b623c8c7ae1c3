import { categoryDocumentSchema, categoryListDocumentSchema } from '../resources/catalogue'
import { noContentSchema } from '../resources/document'
import { categorySchema } from '../schemas/catalogue'
import { defineOperation, rolesOnly, SIGNED_IN } from './operation'
import { idParams, listQuerySchema } from './parameters'

export const CATEGORY_SORTS = ['name', 'description', 'created_at'] as const

// Categories are device types: every signed-in user reads them (the device form's type select);
// administrators and creators manage them (spec §6).
const tag = 'categories'
const manage = rolesOnly('admin', 'creator')

const listCategories = defineOperation({
  id: 'listCategories',
  method: 'GET',
  path: '/categories',
  tag,
  summary: 'List categories (device types)',
  access: SIGNED_IN,
  query: listQuerySchema(CATEGORY_SORTS),
  status: 200,
  response: categoryListDocumentSchema,
})

const getCategory = defineOperation({
  id: 'getCategory',
  method: 'GET',
  path: '/categories/{id}',
  tag,
  summary: 'One category',
  access: SIGNED_IN,
  params: idParams,
  status: 200,
  response: categoryDocumentSchema,
})

const createCategory = defineOperation({
  id: 'createCategory',
  method: 'POST',
  path: '/categories',
  tag,
  summary: 'Create a category',
  access: manage,
  type: 'categories',
  body: categorySchema,
  status: 201,
  response: categoryDocumentSchema,
})

const updateCategory = defineOperation({
  id: 'updateCategory',
  method: 'PATCH',
  path: '/categories/{id}',
  tag,
  summary: 'Change a category (not the default ones)',
  access: manage,
  type: 'categories',
  params: idParams,
  body: categorySchema.partial(),
  status: 200,
  response: categoryDocumentSchema,
})

const deleteCategory = defineOperation({
  id: 'deleteCategory',
  method: 'DELETE',
  path: '/categories/{id}',
  tag,
  summary: 'Delete a category without devices',
  access: manage,
  params: idParams,
  status: 204,
  response: noContentSchema,
})

export const categoryOperations = {
  listCategories,
  getCategory,
  createCategory,
  updateCategory,
  deleteCategory,
}
