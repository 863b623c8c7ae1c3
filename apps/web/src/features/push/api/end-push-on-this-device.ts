import { pushSupport } from '../utils/browser-push'
import { deletePushSubscription, fetchPushSubscriptions } from './push-subscriptions'

/**
 * On sign-out: this browser stops receiving the account's alarms (a shared phone must not keep showing them).
 * The server's row goes first, while the token still works; then the browser's own subscription.
 */
export async function endPushOnThisDevice(): Promise<void> {
  if (pushSupport() !== 'supported') return
  const registration = await navigator.serviceWorker.getRegistration()
  const subscription = await registration?.pushManager.getSubscription()
  if (!subscription) return
  const stored = (await fetchPushSubscriptions()).find(
    (row) => row.attributes.endpoint === subscription.endpoint,
  )
  if (stored) await deletePushSubscription(stored.id)
  await subscription.unsubscribe()
}
