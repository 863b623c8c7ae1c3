import { operations } from '@teplo/domain'
import type { FastifyInstance } from 'fastify'
import { addCatalogueOperations } from '../../lib/operation-route.ts'
import { createTag, deleteTag, getTag, listTags, updateTag } from './tags.service.ts'

/** The tags' operations (declared in @teplo/domain `operations/roles-and-tags.ts`). */
export async function tagsRoutes(app: FastifyInstance): Promise<void> {
  const o = operations
  addCatalogueOperations(
    app,
    { list: o.listTags, get: o.getTag, create: o.createTag, update: o.updateTag, delete: o.deleteTag },
    {
      list: (query, raw) => listTags(app.db, query, raw),
      get: (id) => getTag(app.db, id),
      create: (body) => createTag(app.db, body),
      update: (id, body) => updateTag(app.db, id, body),
      remove: (id) => deleteTag(app.db, id),
    },
  )
}
