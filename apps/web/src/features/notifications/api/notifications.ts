import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { alarmOperations, notificationOperations } from '@teplo/domain'
import { call } from '../../../lib/operation-client'

export const notificationKeys = {
  all: ['notifications'] as const,
  list: () => [...notificationKeys.all, 'list'] as const,
  alarms: (itemId: string) => [...notificationKeys.all, 'alarms', itemId] as const,
}

/** The bell's list: the newest notifications and the account's unread count (meta.unread). */
export const BELL_SIZE = 10

export function getNotifications(signal?: AbortSignal) {
  return call(notificationOperations.listNotifications, { query: { 'page[size]': BELL_SIZE } }, { signal })
}

/** Kept fresh by the live stream; re-read every minute while it is down. */
export function useNotifications({ enabled, live }: { enabled: boolean; live: boolean }) {
  return useQuery({
    queryKey: notificationKeys.list(),
    queryFn: ({ signal }) => getNotifications(signal),
    enabled,
    refetchInterval: live ? false : 60_000,
  })
}

export function useMarkRead() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) =>
      call(notificationOperations.updateNotification, { params: { id }, body: { read: true } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.list() }),
  })
}

export function useMarkAllRead() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => call(notificationOperations.markAllNotificationsRead, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.list() }),
  })
}

/** A device's alarms that are not over yet (active or acknowledged). */
export function useOpenAlarms(itemId: string) {
  return useQuery({
    queryKey: notificationKeys.alarms(itemId),
    queryFn: ({ signal }) =>
      call(
        alarmOperations.listItemAlarms,
        { params: { id: itemId }, query: { 'filter[state]': 'open', 'page[size]': 20 } },
        { signal },
      ),
    refetchInterval: 30_000,
  })
}

export function useAcknowledgeAlarm(itemId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (alarmId: string) =>
      call(alarmOperations.acknowledgeAlarm, { params: { id: itemId, alarmId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  })
}
