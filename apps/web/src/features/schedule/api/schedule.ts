import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type ScheduleAttributes, type SchedulePatch, scheduleOperations } from '@teplo/domain'
import { itemKeys } from '../../../lib/items/item-keys'
import { call } from '../../../lib/operation-client'

export type Schedule = ScheduleAttributes

/** Under the items root: a device's refresh (its sync status moved) re-reads its schedule as well. */
export const scheduleKey = (itemId: string) => [...itemKeys.all, 'schedule', itemId] as const

export async function getSchedule(itemId: string, signal?: AbortSignal): Promise<Schedule> {
  const document = await call(scheduleOperations.getSchedule, { params: { id: itemId } }, { signal })
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
      const document = await call(scheduleOperations.updateSchedule, { params: { id: itemId }, body })
      return document.data.attributes
    },
    onSuccess: (schedule) => {
      queryClient.setQueryData(scheduleKey(itemId), schedule)
      return queryClient.invalidateQueries({ queryKey: itemKeys.all })
    },
  })
}
