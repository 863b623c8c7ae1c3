import { operations } from '@teplo/domain'
import type { FastifyInstance } from 'fastify'
import { addOperation } from '../../lib/operation-route.ts'
import { currentUser } from '../../plugins/app/auth.ts'
import {
  createPelletDelivery,
  deletePelletDelivery,
  getPelletStore,
  listPelletDeliveries,
  updatePelletStore,
} from './pellets.service.ts'

/** The pellet store of a device and its deliveries (declared in @teplo/domain `operations/pellets.ts`, ADR 057). */
export async function pelletsRoutes(app: FastifyInstance): Promise<void> {
  const o = operations
  addOperation(app, o.getPelletStore, async (request) =>
    getPelletStore(app.db, currentUser(request), request.params.id),
  )
  addOperation(app, o.updatePelletStore, async (request) =>
    updatePelletStore(app.db, currentUser(request), request.params.id, request.body),
  )
  addOperation(app, o.listPelletDeliveries, async (request) =>
    listPelletDeliveries(
      app.db,
      currentUser(request),
      request.params.id,
      request.query,
      request.query as Record<string, unknown>,
    ),
  )
  addOperation(app, o.createPelletDelivery, async (request) =>
    createPelletDelivery(app.db, currentUser(request), request.params.id, request.body),
  )
  addOperation(app, o.deletePelletDelivery, async (request) => {
    await deletePelletDelivery(app.db, currentUser(request), request.params.id, request.params.deliveryId)
    return undefined
  })
}
