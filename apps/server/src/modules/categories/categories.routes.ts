import { operations } from '@teplo/domain'
import type { FastifyInstance } from 'fastify'
import { addCatalogueOperations } from '../../lib/operation-route.ts'
import {
  createCategory,
  deleteCategory,
  getCategory,
  listCategories,
  updateCategory,
} from './categories.service.ts'

/** The device types' operations (declared in @teplo/domain `operations/categories.ts`). */
export async function categoriesRoutes(app: FastifyInstance): Promise<void> {
  const o = operations
  addCatalogueOperations(
    app,
    {
      list: o.listCategories,
      get: o.getCategory,
      create: o.createCategory,
      update: o.updateCategory,
      delete: o.deleteCategory,
    },
    {
      list: (query, raw) => listCategories(app.db, query, raw),
      get: (id) => getCategory(app.db, id),
      create: (body) => createCategory(app.db, body),
      update: (id, body) => updateCategory(app.db, app.events, id, body),
      remove: (id) => deleteCategory(app.db, app.events, id),
    },
  )
}
