import {
  CONSUMPTION_PERIODS,
  fuelSettingsPatchSchema,
  hopperRefillSchema,
  itemConsumptionDocumentSchema,
  itemFuelDocumentSchema,
  itemHistoryDocumentSchema,
} from '@teplo/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { idParams } from '../../../lib/params.ts'
import {
  itemConsumption,
  itemFuelDocument,
  recordRefill,
  updateFuelSettings,
} from '../../../modules/history/fuel.service.ts'
import { itemHistory } from '../../../modules/history/history.service.ts'
import { historyQuerySchema, rangeQueryShape } from '../../../modules/history/history-query.ts'
import { currentUser } from '../../../plugins/app/auth.ts'

const consumptionQuery = z.object({
  ...rangeQueryShape,
  period: z
    .enum(CONSUMPTION_PERIODS, { message: `period має бути одним із: ${CONSUMPTION_PERIODS.join(', ')}` })
    .default('day'),
})

// History, consumption and fuel of one device: visible to whoever may see the device (404 for anyone else).
const historyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/items/:id/history',
    {
      schema: {
        tags: ['history'],
        summary: 'Readings of a device over a range, in buckets (min/avg/max), with gaps and events',
        params: idParams,
        querystring: historyQuerySchema,
        response: { 200: itemHistoryDocumentSchema },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const caller = currentUser(request)
      return app.heavyReads.run(caller.userId, () =>
        itemHistory(app.db, caller, request.params.id, request.query, app.demoHistory),
      )
    },
  )

  app.get(
    '/items/:id/consumption',
    {
      schema: {
        tags: ['history'],
        summary: 'Burner energy, pellets and their cost per day, week or month (Kyiv calendar)',
        params: idParams,
        querystring: consumptionQuery,
        response: { 200: itemConsumptionDocumentSchema },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const caller = currentUser(request)
      return app.heavyReads.run(caller.userId, () =>
        itemConsumption(app.db, caller, request.params.id, request.query),
      )
    },
  )

  app.get(
    '/items/:id/fuel',
    {
      schema: {
        tags: ['history'],
        summary: 'Fuel settings of a device and the hopper estimate',
        params: idParams,
        response: { 200: itemFuelDocumentSchema },
      },
      onRequest: app.authenticate,
    },
    async (request) => itemFuelDocument(app.db, currentUser(request), request.params.id),
  )

  app.patch(
    '/items/:id/fuel',
    {
      schema: {
        tags: ['history'],
        summary: 'Change the fuel settings (calorific value, efficiency, price, hopper capacity)',
        params: idParams,
        body: fuelSettingsPatchSchema,
        response: { 200: itemFuelDocumentSchema },
      },
      onRequest: app.authenticate,
      preValidation: app.requireItemAccess('operate'),
    },
    async (request) => updateFuelSettings(app.db, currentUser(request), request.params.id, request.body),
  )

  app.post(
    '/items/:id/hopper-refills',
    {
      schema: {
        tags: ['history'],
        summary: 'Record a hopper refill (kg; a full hopper when omitted)',
        params: idParams,
        body: hopperRefillSchema,
        response: { 201: itemFuelDocumentSchema },
      },
      onRequest: app.authenticate,
      preValidation: app.requireItemAccess('operate'),
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await recordRefill(app.db, currentUser(request), request.params.id, request.body)),
  )
}

export default historyRoutes
