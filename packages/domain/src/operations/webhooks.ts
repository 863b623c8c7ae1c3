import { z } from 'zod'
import { noContentSchema } from '../resources/document'
import {
  webhookCreatedDocumentSchema,
  webhookDeliveryDocumentSchema,
  webhookDeliveryListDocumentSchema,
  webhookDocumentSchema,
  webhookListDocumentSchema,
} from '../resources/webhooks'
import { webhookCreateSchema, webhookPatchSchema } from '../schemas/webhooks'
import { defineOperation, SIGNED_IN } from './operation'
import { idParams, pageQuery } from './parameters'

/** Deliveries page by page, newest first. */
export const WEBHOOK_DELIVERIES_PAGE_SIZE = 20

// The signed-in account's webhooks (ADR 061). Signed-in sessions only: no personal API token scope is declared,
// so a token cannot read a secret's webhook or point one elsewhere.
export const webhookOperations = {
  listWebhooks: defineOperation({
    id: 'listWebhooks',
    method: 'GET',
    path: '/me/webhooks',
    tag: 'webhooks',
    summary: "The signed-in account's webhooks",
    access: SIGNED_IN,
    status: 200,
    response: webhookListDocumentSchema,
  }),
  createWebhook: defineOperation({
    id: 'createWebhook',
    method: 'POST',
    path: '/me/webhooks',
    tag: 'webhooks',
    summary: 'Subscribe a URL to device events; the answer holds the signing secret, shown this once',
    access: SIGNED_IN,
    type: 'webhooks',
    body: webhookCreateSchema,
    status: 201,
    response: webhookCreatedDocumentSchema,
  }),
  getWebhook: defineOperation({
    id: 'getWebhook',
    method: 'GET',
    path: '/me/webhooks/{id}',
    tag: 'webhooks',
    summary: 'One of your webhooks (without its secret)',
    access: SIGNED_IN,
    params: idParams,
    status: 200,
    response: webhookDocumentSchema,
  }),
  updateWebhook: defineOperation({
    id: 'updateWebhook',
    method: 'PATCH',
    path: '/me/webhooks/{id}',
    tag: 'webhooks',
    summary: 'Change the URL, events or devices of a webhook, or turn it off and on',
    access: SIGNED_IN,
    type: 'webhooks',
    params: idParams,
    body: webhookPatchSchema,
    status: 200,
    response: webhookDocumentSchema,
  }),
  deleteWebhook: defineOperation({
    id: 'deleteWebhook',
    method: 'DELETE',
    path: '/me/webhooks/{id}',
    tag: 'webhooks',
    summary: 'Remove a webhook and its deliveries',
    access: SIGNED_IN,
    params: idParams,
    status: 204,
    response: noContentSchema,
  }),
  listWebhookDeliveries: defineOperation({
    id: 'listWebhookDeliveries',
    method: 'GET',
    path: '/me/webhooks/{id}/deliveries',
    tag: 'webhooks',
    summary: "A webhook's deliveries, newest first: state, attempts, the last answer, the next attempt",
    access: SIGNED_IN,
    params: idParams,
    query: z.object(pageQuery(WEBHOOK_DELIVERIES_PAGE_SIZE)),
    status: 200,
    response: webhookDeliveryListDocumentSchema,
  }),
  sendWebhookTest: defineOperation({
    id: 'sendWebhookTest',
    method: 'POST',
    path: '/me/webhooks/{id}/test',
    tag: 'webhooks',
    summary: 'Queue a signed `webhook.test` event to the webhook (also when it is turned off)',
    access: SIGNED_IN,
    params: idParams,
    status: 202,
    response: webhookDeliveryDocumentSchema,
  }),
}
