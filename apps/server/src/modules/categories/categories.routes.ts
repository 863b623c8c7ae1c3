import { operations } from '@teplo/domain'
import type { FastifyInstance } from 'fastify'
import { addOperation } from '../../lib/operation-route.ts'
import {
  createCategory,
  deleteCategory,
  getCategory,
  listCategories,
  updateCategory,
} from './categories.service.ts'

/** The categories' operations (declared in @teplo/domain `operations/categories.ts`), one handler each. */
export async function categoriesRoutes(app: FastifyInstance): Promise<void> {
  addOperation(app, operations.listCategories, async (request) =>
    listCategories(app.db, request.query, request.query),
  )
  addOperation(app, operations.getCategory, async (request) => getCategory(app.db, request.params.id))
  addOperation(app, operations.createCategory, async (request) => createCategory(app.db, request.body))
  addOperation(app, operations.updateCategory, async (request) =>
    updateCategory(app.db, app.events, request.params.id, request.body),
  )
  addOperation(app, operations.deleteCategory, async (request) => {
    await deleteCategory(app.db, app.events, request.params.id)
    return undefined
  })
}
