import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ScheduleAttributes, ScheduleDocument, SchedulePatch } from '@teplo/domain'
import { apiRequest } from '../../../lib/api-client'
import { itemKeys } from '../../../lib/items/item-keys'

export type Schedule = ScheduleAttributes

const schedulePath = (itemId: string) => `items/${encodeURIComponent(itemId)}/schedule`

/** Under the items root: a device's refresh (its sync status moved) re-reads its schedule as well. */
export const scheduleKey = (itemId: string) => [...itemKeys.all, 'schedule', itemId] as const

export async function getSchedule(itemId: string, signal?: AbortSignal): Promise<Schedule> {
  const document = await apiRequest<ScheduleDocument>(schedulePath(itemId), { signal })
  return document.data.attributes
}

export function useSchedule(itemId: string) {
  return useQuery({ queryKey: scheduleKey(itemId), queryFn: ({ signal }) => getSchedule(itemId, signal) })
}

/** PATCH the schedule; the answer goes into the cache and every view of the device is read again (pending). */
export function useUpdateSchedule(itemId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (body: SchedulePatch) => {
      const document = await apiRequest<ScheduleDocument>(schedulePath(itemId), {
        method: 'PATCH',
        body: { data: { type: 'schedules', id: itemId, attributes: body } },
      })
      return document.data.attributes
    },
    onSuccess: (schedule) => {
      queryClient.setQueryData(scheduleKey(itemId), schedule)
      return queryClient.invalidateQueries({ queryKey: itemKeys.all })
    },
  })
}
