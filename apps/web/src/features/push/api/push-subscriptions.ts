import { type PushSubscriptionInput, type PushSubscriptionResource, pushOperations } from '@teplo/domain'
import { call } from '../../../lib/operation-client'

export const pushSubscriptionsQueryKey = ['me', 'push-subscriptions'] as const

/** The server's VAPID public key, which the browser binds the subscription to. */
export async function fetchPushPublicKey(): Promise<string> {
  const document = await call(pushOperations.getPushPublicKey, {})
  return document.data.attributes.public_key
}

/** The browsers of the signed-in user that receive notifications. */
export async function fetchPushSubscriptions(): Promise<PushSubscriptionResource[]> {
  const document = await call(pushOperations.listPushSubscriptions, {})
  return document.data
}

/** Hands this browser's subscription to the server (the same endpoint again only updates it). */
export async function savePushSubscription(
  subscription: PushSubscriptionJSON,
): Promise<PushSubscriptionResource> {
  // A live subscription's JSON has its endpoint and keys (the DOM types them optional); the server checks them.
  const body = subscription as PushSubscriptionInput
  const document = await call(pushOperations.savePushSubscription, { body })
  return document.data
}

export async function deletePushSubscription(id: string): Promise<void> {
  await call(pushOperations.deletePushSubscription, { params: { id } })
}
