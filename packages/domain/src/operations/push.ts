import { noContentSchema } from '../resources/document'
import {
  pushPublicKeyDocumentSchema,
  pushSubscriptionDocumentSchema,
  pushSubscriptionListDocumentSchema,
} from '../resources/push'
import { pushSubscriptionSchema } from '../schemas/push'
import { defineOperation, SIGNED_IN } from './operation'
import { idParams } from './parameters'

// Web push to the signed-in user's browsers.

const getPushPublicKey = defineOperation({
  id: 'getPushPublicKey',
  method: 'GET',
  path: '/push/public-key',
  tag: 'push',
  summary: "The server's VAPID public key (the browser's applicationServerKey)",
  access: SIGNED_IN,
  status: 200,
  response: pushPublicKeyDocumentSchema,
})

const listPushSubscriptions = defineOperation({
  id: 'listPushSubscriptions',
  method: 'GET',
  path: '/me/push-subscriptions',
  tag: 'push',
  summary: "The signed-in user's browsers that receive web push",
  access: SIGNED_IN,
  status: 200,
  response: pushSubscriptionListDocumentSchema,
})

const savePushSubscription = defineOperation({
  id: 'savePushSubscription',
  method: 'POST',
  path: '/me/push-subscriptions',
  tag: 'push',
  summary: "Store this browser's PushSubscription (the same endpoint again updates it: 200)",
  access: SIGNED_IN,
  type: 'push-subscriptions',
  body: pushSubscriptionSchema,
  // 200 when the endpoint was stored already (the handler answers it with the same document).
  status: 201,
  response: pushSubscriptionDocumentSchema,
})

const deletePushSubscription = defineOperation({
  id: 'deletePushSubscription',
  method: 'DELETE',
  path: '/me/push-subscriptions/{id}',
  tag: 'push',
  summary: 'Stop web push to one of your browsers',
  access: SIGNED_IN,
  params: idParams,
  status: 204,
  response: noContentSchema,
})

export const pushOperations = {
  getPushPublicKey,
  listPushSubscriptions,
  savePushSubscription,
  deletePushSubscription,
}
