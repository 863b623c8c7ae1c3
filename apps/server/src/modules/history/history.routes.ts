import { operations } from '@teplo/domain'
import type { FastifyInstance } from 'fastify'
import { addOperation } from '../../lib/operation-route.ts'
import { currentUser } from '../../plugins/app/auth.ts'
import { itemConsumption, itemFuelDocument, recordRefill, updateFuelSettings } from './fuel.service.ts'
import { itemHistory } from './history.service.ts'

/** History, consumption and fuel of one device (declared in @teplo/domain `operations/history.ts`). */
export async function historyRoutes(app: FastifyInstance): Promise<void> {
  const o = operations
  // The heavy reads take their turn per account, beside the ingest.
  addOperation(app, o.getItemHistory, async (request) => {
    const caller = currentUser(request)
    return app.heavyReads.run(caller.userId, () =>
      itemHistory(app.db, caller, request.params.id, request.query, app.demoHistory),
    )
  })
  addOperation(app, o.getItemConsumption, async (request) => {
    const caller = currentUser(request)
    return app.heavyReads.run(caller.userId, () =>
      itemConsumption(app.db, caller, request.params.id, request.query),
    )
  })
  addOperation(app, o.getItemFuel, async (request) =>
    itemFuelDocument(app.db, currentUser(request), request.params.id),
  )
  addOperation(app, o.updateItemFuel, async (request) =>
    updateFuelSettings(app.db, currentUser(request), request.params.id, request.body),
  )
  addOperation(app, o.recordHopperRefill, async (request) =>
    recordRefill(app.db, currentUser(request), request.params.id, request.body),
  )
}
