import { categoryDocumentSchema, categoryListDocumentSchema } from '../resources/catalogue'
import { categorySchema } from '../schemas/catalogue'
import { catalogueOperations } from './catalogue'
import { rolesOnly, SIGNED_IN } from './operation'

export const CATEGORY_SORTS = ['name', 'description', 'created_at'] as const

// Categories are device types: every signed-in user reads them (the device form's type select);
// administrators and creators manage them (spec §6).
const categories = catalogueOperations({
  type: 'categories',
  noun: 'Category',
  nouns: 'Categories',
  sorts: CATEGORY_SORTS,
  body: categorySchema,
  document: categoryDocumentSchema,
  listDocument: categoryListDocumentSchema,
  read: SIGNED_IN,
  write: rolesOnly('admin', 'creator'),
  summaries: {
    list: 'List categories (device types)',
    get: 'One category',
    create: 'Create a category',
    update: 'Change a category (not the default ones)',
    delete: 'Delete a category without devices',
  },
})

export const categoryOperations = {
  listCategories: categories.list,
  getCategory: categories.get,
  createCategory: categories.create,
  updateCategory: categories.update,
  deleteCategory: categories.delete,
}
