import { operations } from '@teplo/domain'
import type { FastifyInstance } from 'fastify'
import { addOperation } from '../../lib/operation-route.ts'
import { currentUser } from '../../plugins/app/auth.ts'
import { archiveItemError, listItemErrors } from './item-errors.service.ts'

/** A device's error events (declared in @teplo/domain `operations/item-errors.ts`). */
export async function itemErrorsRoutes(app: FastifyInstance): Promise<void> {
  addOperation(app, operations.listItemErrors, async (request) =>
    listItemErrors(app.db, currentUser(request), request.query, request.query),
  )
  addOperation(app, operations.archiveItemError, async (request) => {
    await archiveItemError(app.db, currentUser(request), request.params.id)
    return undefined
  })
}
