import type { PushPublicKeyDocument, PushSubscriptionResource } from '@teplo/domain'
import { apiRequest } from '../../../lib/api-client'

export const pushSubscriptionsQueryKey = ['me', 'push-subscriptions'] as const

/** The server's VAPID public key, which the browser binds the subscription to. */
export async function fetchPushPublicKey(): Promise<string> {
  const document = await apiRequest<PushPublicKeyDocument>('push/public-key')
  return document.data.attributes.public_key
}

/** The browsers of the signed-in user that receive notifications. */
export async function fetchPushSubscriptions(): Promise<PushSubscriptionResource[]> {
  const document = await apiRequest<{ data: PushSubscriptionResource[] }>('me/push-subscriptions')
  return document.data
}

/** Hands this browser's subscription to the server (the same endpoint again only updates it). */
export async function savePushSubscription(
  subscription: PushSubscriptionJSON,
): Promise<PushSubscriptionResource> {
  const document = await apiRequest<{ data: PushSubscriptionResource }>('me/push-subscriptions', {
    method: 'POST',
    body: subscription,
  })
  return document.data
}

export async function deletePushSubscription(id: string): Promise<void> {
  await apiRequest<void>(`me/push-subscriptions/${encodeURIComponent(id)}`, { method: 'DELETE' })
}
