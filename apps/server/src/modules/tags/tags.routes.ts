import { operations } from '@teplo/domain'
import type { FastifyInstance } from 'fastify'
import { addOperation } from '../../lib/operation-route.ts'
import { createTag, deleteTag, getTag, listTags, updateTag } from './tags.service.ts'

/** The tags' operations (declared in @teplo/domain `operations/roles-and-tags.ts`), one handler each. */
export async function tagsRoutes(app: FastifyInstance): Promise<void> {
  addOperation(app, operations.listTags, async (request) => listTags(app.db, request.query, request.query))
  addOperation(app, operations.getTag, async (request) => getTag(app.db, request.params.id))
  addOperation(app, operations.createTag, async (request) => createTag(app.db, request.body))
  addOperation(app, operations.updateTag, async (request) =>
    updateTag(app.db, request.params.id, request.body),
  )
  addOperation(app, operations.deleteTag, async (request) => {
    await deleteTag(app.db, request.params.id)
    return undefined
  })
}
