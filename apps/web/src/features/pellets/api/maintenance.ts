import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type MaintenanceDocument, type MaintenanceTask, maintenanceOperations } from '@teplo/domain'
import { call } from '../../../lib/operation-client'

export type Maintenance = MaintenanceDocument['data']['attributes']
export type MaintenanceTaskEntry = Maintenance['tasks'][number]

/** Cache keys of a device's maintenance (ADR 059). */
export const maintenanceKeys = {
  item: (itemId: string) => ['maintenance', itemId] as const,
}

export function useMaintenance(itemId: string) {
  return useQuery({
    queryKey: maintenanceKeys.item(itemId),
    queryFn: async ({ signal }) =>
      (await call(maintenanceOperations.getMaintenance, { params: { id: itemId } }, { signal })).data
        .attributes,
    staleTime: 60_000,
  })
}

/** A task done (the day, a note); the answer is the schedule as it now stands. */
export function useMarkDone(itemId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ task, done_at, note }: { task: MaintenanceTask; done_at: string; note: string | null }) =>
      call(maintenanceOperations.markMaintenanceDone, {
        params: { id: itemId, task },
        body: { done_at, note },
      }),
    onSuccess: (document) => {
      queryClient.setQueryData(maintenanceKeys.item(itemId), document.data.attributes)
      // The change log («Журнал змін», the sharing feature's cache) has a new entry.
      void queryClient.invalidateQueries({ queryKey: ['sharing', 'audit', itemId] })
    },
  })
}

/** The installer's interval for a task (null: the default). */
export function useSetInterval(itemId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ task, interval }: { task: MaintenanceTask; interval: number | null }) =>
      call(maintenanceOperations.updateMaintenanceInterval, {
        params: { id: itemId, task },
        body: { interval },
      }),
    onSuccess: (document) => queryClient.setQueryData(maintenanceKeys.item(itemId), document.data.attributes),
  })
}
