import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  type EnergyCountersDocument,
  energyOperations,
  PELLET_DELIVERIES_PAGE_SIZE,
  type PelletDelivery,
  type PelletStoreDocument,
  type PelletStorePatch,
  pelletOperations,
} from '@teplo/domain'
import { call } from '../../../lib/operation-client'

export type PelletStore = PelletStoreDocument['data']['attributes']

/** Cache keys of the pellet store. */
export const pelletKeys = {
  item: (itemId: string) => ['pellets', itemId] as const,
  store: (itemId: string) => [...pelletKeys.item(itemId), 'store'] as const,
  deliveries: (itemId: string, page: number) => [...pelletKeys.item(itemId), 'deliveries', page] as const,
}

export function usePelletStore(itemId: string) {
  return useQuery({
    queryKey: pelletKeys.store(itemId),
    queryFn: async ({ signal }) =>
      (await call(pelletOperations.getPelletStore, { params: { id: itemId } }, { signal })).data.attributes,
    staleTime: 60_000,
  })
}

export function usePelletDeliveries(itemId: string, page: number) {
  return useQuery({
    queryKey: pelletKeys.deliveries(itemId, page),
    queryFn: ({ signal }) =>
      call(
        pelletOperations.listPelletDeliveries,
        {
          params: { id: itemId },
          query: { 'page[number]': page, 'page[size]': PELLET_DELIVERIES_PAGE_SIZE },
        },
        { signal },
      ),
    // The page shown stays while the next one is read.
    placeholderData: keepPreviousData,
  })
}

/** After any change the store (stock, forecast) and the deliveries are read again. */
function useStoreMutation<Args>(itemId: string, send: (args: Args) => Promise<unknown>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pelletKeys.item(itemId) }),
  })
}

export function useUpdatePelletStore(itemId: string) {
  return useStoreMutation(itemId, (body: PelletStorePatch) =>
    call(pelletOperations.updatePelletStore, { params: { id: itemId }, body }),
  )
}

export function useRecordDelivery(itemId: string) {
  return useStoreMutation(itemId, (body: PelletDelivery) =>
    call(pelletOperations.createPelletDelivery, { params: { id: itemId }, body }),
  )
}

export function useRemoveDelivery(itemId: string) {
  return useStoreMutation(itemId, (deliveryId: string) =>
    call(pelletOperations.deletePelletDelivery, { params: { id: itemId, deliveryId } }),
  )
}

export type EnergyCounters = EnergyCountersDocument['data']['attributes']

/** The heating season's first and last day ('MM-DD'); the counters are read again. */
export function useUpdateSeason(itemId: string) {
  return useStoreMutation(itemId, (body: { season_start: string; season_end: string }) =>
    call(energyOperations.updateEnergySettings, { params: { id: itemId }, body }),
  )
}

/** The energy counters: totals and the heating seasons (ADR 058). */
export function useEnergyCounters(itemId: string) {
  return useQuery({
    queryKey: [...pelletKeys.item(itemId), 'energy'] as const,
    queryFn: async ({ signal }) =>
      (await call(energyOperations.getEnergyCounters, { params: { id: itemId } }, { signal })).data
        .attributes,
    staleTime: 60_000,
  })
}
