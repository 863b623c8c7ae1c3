import { z } from 'zod'
import { noContentSchema } from '../resources/document'
import { itemErrorListDocumentSchema } from '../resources/items'
import { defineOperation, SIGNED_IN } from './operation'
import { cacheBustingQuery, idParams, idSchema, pageQuery } from './parameters'

/** A page of a device's error events unless the query asks for another size. */
export const ITEM_ERRORS_PAGE_SIZE = 50

// A device's error events: whoever sees the device reads and archives them (404 for anyone else).
export const itemErrorOperations = {
  listItemErrors: defineOperation({
    id: 'listItemErrors',
    method: 'GET',
    path: '/item-errors',
    tag: 'item-errors',
    summary: 'Error events of one device, newest first',
    access: SIGNED_IN,
    query: z.object({
      item_id: idSchema('item_id'),
      ...pageQuery(ITEM_ERRORS_PAGE_SIZE),
      ...cacheBustingQuery,
    }),
    status: 200,
    response: itemErrorListDocumentSchema,
  }),
  archiveItemError: defineOperation({
    id: 'archiveItemError',
    method: 'POST',
    path: '/item-errors/{id}/archive',
    tag: 'item-errors',
    summary: 'Hide an error event from the list (it stays stored)',
    access: SIGNED_IN,
    params: idParams,
    status: 204,
    response: noContentSchema,
  }),
}
