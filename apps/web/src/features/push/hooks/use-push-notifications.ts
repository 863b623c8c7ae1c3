import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useState } from 'react'
import { ApiRequestError } from '../../../lib/api-client'
import {
  deletePushSubscription,
  fetchPushPublicKey,
  fetchPushSubscriptions,
  pushSubscriptionsQueryKey,
  savePushSubscription,
} from '../api/push-subscriptions'
import {
  applicationServerKey,
  describeBrowserError,
  type PushSupport,
  pushSupport,
  serviceWorkerRegistration,
} from '../utils/browser-push'

export type PushState =
  | { kind: 'checking' }
  | { kind: 'unsupported'; reason: Exclude<PushSupport, 'supported'> }
  /** The service worker did not start (so nothing can be shown on this device). */
  | { kind: 'no-worker' }
  | { kind: 'denied' }
  | { kind: 'off' }
  | { kind: 'on'; subscriptionId: string }

export type PushFailure = { step: 'permission' | 'browser' | 'server'; detail: string } | null

/**
 * Web push on this device: what the browser allows, whether this browser's subscription is known to the
 * server, and the two actions. Permission is asked only from `enable`, i.e. on the person's tap.
 */
export function usePushNotifications() {
  const queryClient = useQueryClient()
  const support = pushSupport()
  const [registration, setRegistration] = useState<ServiceWorkerRegistration | null | undefined>(undefined)
  const [endpoint, setEndpoint] = useState<string | null | undefined>(undefined)
  const [permission, setPermission] = useState<NotificationPermission>(() =>
    support === 'supported' ? Notification.permission : 'default',
  )
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<PushFailure>(null)

  const serverList = useQuery({
    queryKey: pushSubscriptionsQueryKey,
    queryFn: fetchPushSubscriptions,
    enabled: support === 'supported',
  })

  useEffect(() => {
    if (support !== 'supported') return
    let live = true
    void serviceWorkerRegistration().then(async (found) => {
      const subscription = found ? await found.pushManager.getSubscription() : null
      if (!live) return
      setRegistration(found)
      setEndpoint(subscription?.endpoint ?? null)
    })
    return () => {
      live = false
    }
  }, [support])

  const onServer = serverList.data?.find((row) => row.attributes.endpoint === endpoint)

  let state: PushState
  if (support !== 'supported') state = { kind: 'unsupported', reason: support }
  else if (registration === undefined || serverList.isPending) state = { kind: 'checking' }
  else if (registration === null) state = { kind: 'no-worker' }
  else if (permission === 'denied') state = { kind: 'denied' }
  else if (permission === 'granted' && onServer) state = { kind: 'on', subscriptionId: onServer.id }
  else state = { kind: 'off' }

  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: pushSubscriptionsQueryKey }),
    [queryClient],
  )

  const enable = useCallback(async () => {
    if (!registration) return
    setBusy(true)
    setFailure(null)
    try {
      const answer = await Notification.requestPermission()
      setPermission(answer)
      if (answer !== 'granted') {
        if (answer === 'default') setFailure({ step: 'permission', detail: '' })
        return
      }
      let subscription: PushSubscription
      try {
        const key = applicationServerKey(await fetchPushPublicKey())
        const options = { userVisibleOnly: true, applicationServerKey: key }
        subscription = await registration.pushManager.subscribe(options).catch(async (error: unknown) => {
          // A subscription made with another server key (the keys were replaced) must be ended first.
          const old = await registration.pushManager.getSubscription()
          if (!old || (error as Error)?.name !== 'InvalidStateError') throw error
          await old.unsubscribe()
          return registration.pushManager.subscribe(options)
        })
      } catch (error) {
        setFailure({ step: 'browser', detail: describeBrowserError(error) })
        return
      }
      setEndpoint(subscription.endpoint)
      try {
        await savePushSubscription(subscription.toJSON())
      } catch (error) {
        setFailure({ step: 'server', detail: describeBrowserError(error) })
      }
      await refresh()
    } finally {
      setBusy(false)
    }
  }, [registration, refresh])

  const disable = useCallback(async () => {
    if (!registration || !onServer) return
    setBusy(true)
    setFailure(null)
    try {
      // Already gone on the server (removed from another device): the browser's side is ended all the same.
      await deletePushSubscription(onServer.id).catch((error: unknown) => {
        if (!(error instanceof ApiRequestError && error.status === 404)) throw error
      })
      const subscription = await registration.pushManager.getSubscription()
      await subscription?.unsubscribe()
      setEndpoint(null)
      await refresh()
    } catch (error) {
      setFailure({ step: 'server', detail: describeBrowserError(error) })
    } finally {
      setBusy(false)
    }
  }, [registration, onServer, refresh])

  return {
    state,
    busy,
    failure,
    enable,
    disable,
    otherDevices: (serverList.data?.length ?? 0) - (onServer ? 1 : 0),
  }
}
