import { z } from 'zod'
import { noContentSchema } from '../resources/document'
import {
  pelletDeliveryDocumentSchema,
  pelletDeliveryListDocumentSchema,
  pelletStoreDocumentSchema,
} from '../resources/pellets'
import { pelletDeliverySchema, pelletStorePatchSchema } from '../schemas/pellets'
import { defineOperation, itemAccess, SIGNED_IN } from './operation'
import { idParams, idSchema, pageQuery } from './parameters'

/** Deliveries page by page, newest first. */
export const PELLET_DELIVERIES_PAGE_SIZE = 20

const deliveryParams = z.object({ id: idSchema('id'), deliveryId: idSchema('deliveryId') })

// The pellet store of a device (ADR 057): visible to whoever may see the device (404 for anyone else); its
// settings and deliveries are changed by whoever operates it, as the fuel settings and refills are.
export const pelletOperations = {
  getPelletStore: defineOperation({
    id: 'getPelletStore',
    method: 'GET',
    path: '/items/{id}/pellet-store',
    tag: 'pellets',
    summary:
      'The pellet store of a device: stock, the hopper beside it, the average price and the run-out forecast',
    access: SIGNED_IN,
    token: 'read',
    params: idParams,
    status: 200,
    response: pelletStoreDocumentSchema,
  }),
  updatePelletStore: defineOperation({
    id: 'updatePelletStore',
    method: 'PATCH',
    path: '/items/{id}/pellet-store',
    tag: 'pellets',
    summary: "Change the store's capacity, the delivery lead time in days and the reserve to keep",
    access: itemAccess('operate'),
    type: 'pellet-stores',
    params: idParams,
    body: pelletStorePatchSchema,
    status: 200,
    response: pelletStoreDocumentSchema,
  }),
  listPelletDeliveries: defineOperation({
    id: 'listPelletDeliveries',
    method: 'GET',
    path: '/items/{id}/pellet-deliveries',
    tag: 'pellets',
    summary: 'The deliveries of pellets to the store, newest first, page by page',
    access: SIGNED_IN,
    params: idParams,
    query: z.object(pageQuery(PELLET_DELIVERIES_PAGE_SIZE)),
    status: 200,
    response: pelletDeliveryListDocumentSchema,
  }),
  createPelletDelivery: defineOperation({
    id: 'createPelletDelivery',
    method: 'POST',
    path: '/items/{id}/pellet-deliveries',
    tag: 'pellets',
    summary: 'Record a delivery of pellets to the store (kg, what it cost, the day, the supplier)',
    access: itemAccess('operate'),
    type: 'pellet-deliveries',
    params: idParams,
    body: pelletDeliverySchema,
    status: 201,
    response: pelletDeliveryDocumentSchema,
  }),
  deletePelletDelivery: defineOperation({
    id: 'deletePelletDelivery',
    method: 'DELETE',
    path: '/items/{id}/pellet-deliveries/{deliveryId}',
    tag: 'pellets',
    summary: 'Remove a delivery recorded by mistake (the stock goes down by it)',
    access: itemAccess('operate'),
    params: deliveryParams,
    status: 204,
    response: noContentSchema,
  }),
}
