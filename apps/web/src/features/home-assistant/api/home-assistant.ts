import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  type HomeAssistantPutInput,
  type HomeAssistantResource,
  homeAssistantOperations,
} from '@teplo/domain'
import { call } from '../../../lib/operation-client'

export const homeAssistantQueryKey = ['me', 'home-assistant'] as const

/** How often the connection is read again while Teplo is still connecting to the broker. */
export const CONNECTING_REFETCH_MS = 3000

/** The account's connection, or null when it has none. */
export async function fetchHomeAssistant(): Promise<HomeAssistantResource | null> {
  return (await call(homeAssistantOperations.getHomeAssistant, {})).data
}

/** The connection; read again every few seconds while it is connecting, until it is connected or failed. */
export function useHomeAssistant() {
  return useQuery({
    queryKey: homeAssistantQueryKey,
    queryFn: fetchHomeAssistant,
    refetchInterval: (query) =>
      query.state.data?.attributes.state === 'connecting' ? CONNECTING_REFETCH_MS : false,
  })
}

/** Connects, or changes the connection: the answer (state `connecting`) is shown at once. */
export function useSaveHomeAssistant() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (body: HomeAssistantPutInput): Promise<HomeAssistantResource | null> =>
      (await call(homeAssistantOperations.putHomeAssistant, { body })).data,
    onSuccess: (saved) => queryClient.setQueryData(homeAssistantQueryKey, saved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: homeAssistantQueryKey }),
  })
}

/** Disconnects: the server clears the entities from the broker, so Home Assistant forgets the boilers. */
export function useDisconnectHomeAssistant() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => call(homeAssistantOperations.deleteHomeAssistant, {}),
    onSuccess: () => queryClient.setQueryData(homeAssistantQueryKey, null),
    onSettled: () => queryClient.invalidateQueries({ queryKey: homeAssistantQueryKey }),
  })
}
