import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
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
