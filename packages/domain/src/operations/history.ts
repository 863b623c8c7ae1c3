import { z } from 'zod'
import { msg } from '../i18n/message'
import {
  CONSUMPTION_COMPARISONS,
  CONSUMPTION_PERIODS,
  HISTORY_RESOLUTION_PARAMS,
  itemConsumptionDocumentSchema,
  itemFuelDocumentSchema,
  itemHistoryDocumentSchema,
} from '../resources/history'
import { fuelSettingsPatchSchema, hopperRefillSchema } from '../schemas/history'
import { defineOperation, itemAccess, SIGNED_IN } from './operation'
import { idParams, instantParam } from './parameters'

// The query parameters of the history and consumption operations: each problem is a 400 naming its parameter
// (the server checks the range's order and the resolution against it beyond their shape).

export const rangeQueryShape = { from: instantParam('from'), to: instantParam('to') }

// Not exported: a domain export named `…Schema` becomes a named OpenAPI component, which a query cannot be.
const historyQuerySchema = z.object({
  ...rangeQueryShape,
  resolution: z
    .enum(HISTORY_RESOLUTION_PARAMS, {
      message: msg('validation.query.resolution', { values: HISTORY_RESOLUTION_PARAMS.join(', ') }),
    })
    .default('auto'),
})

const consumptionQuerySchema = z.object({
  ...rangeQueryShape,
  period: z
    .enum(CONSUMPTION_PERIODS, {
      message: msg('validation.query.period', { values: CONSUMPTION_PERIODS.join(', ') }),
    })
    .default('day'),
  /**
   * previous_year: the same periods a year earlier beside them, normalised by degree-days where it can be. Named
   * with an underscore: JSON:API 1.1 keeps all-a–z query names for itself (ADR 050).
   */
  compare_to: z
    .enum(CONSUMPTION_COMPARISONS, {
      message: msg('validation.query.compareTo', { values: CONSUMPTION_COMPARISONS.join(', ') }),
    })
    .optional(),
})

// History, consumption and fuel of one device: visible to whoever may see the device (404 for anyone else);
// the fuel settings and refills are changed by whoever operates it.
export const historyOperations = {
  getItemHistory: defineOperation({
    id: 'getItemHistory',
    method: 'GET',
    path: '/items/{id}/history',
    tag: 'history',
    summary: 'Readings of a device over a range, in buckets (min/avg/max), with gaps and events',
    access: SIGNED_IN,
    token: 'read',
    params: idParams,
    query: historyQuerySchema,
    status: 200,
    response: itemHistoryDocumentSchema,
  }),
  getItemConsumption: defineOperation({
    id: 'getItemConsumption',
    method: 'GET',
    path: '/items/{id}/consumption',
    tag: 'history',
    summary: 'Burner energy, pellets and their cost per day, week or month (Kyiv calendar)',
    access: SIGNED_IN,
    token: 'read',
    params: idParams,
    query: consumptionQuerySchema,
    status: 200,
    response: itemConsumptionDocumentSchema,
  }),
  getItemFuel: defineOperation({
    id: 'getItemFuel',
    method: 'GET',
    path: '/items/{id}/fuel',
    tag: 'history',
    summary: 'Fuel settings of a device and the hopper estimate',
    access: SIGNED_IN,
    token: 'read',
    params: idParams,
    status: 200,
    response: itemFuelDocumentSchema,
  }),
  updateItemFuel: defineOperation({
    id: 'updateItemFuel',
    method: 'PATCH',
    path: '/items/{id}/fuel',
    tag: 'history',
    summary: 'Change the fuel settings (calorific value, efficiency, price, hopper capacity)',
    access: itemAccess('operate'),
    type: 'item-fuel',
    params: idParams,
    body: fuelSettingsPatchSchema,
    status: 200,
    response: itemFuelDocumentSchema,
  }),
  recordHopperRefill: defineOperation({
    id: 'recordHopperRefill',
    method: 'POST',
    path: '/items/{id}/hopper-refills',
    tag: 'history',
    summary: 'Record a hopper refill (kg; a full hopper when omitted)',
    access: itemAccess('operate'),
    type: 'hopper-refills',
    params: idParams,
    body: hopperRefillSchema,
    status: 201,
    response: itemFuelDocumentSchema,
  }),
}
