import { useQuery } from '@tanstack/react-query'
import type { Document, ItemResource } from '@teplo/domain'
import { apiRequest } from '../../../lib/api-client'
import { deviceKeys, toDevice } from './device-document'

export async function getDevice(id: string, signal?: AbortSignal) {
  const document = await apiRequest<Document<ItemResource>>(`items/${encodeURIComponent(id)}`, {
    query: { include: 'category' },
    signal,
  })
  return toDevice(document.data, document.included)
}

export function useDevice(id: string) {
  return useQuery({
    queryKey: deviceKeys.one(id),
    queryFn: ({ signal }) => getDevice(id, signal),
    staleTime: 0,
  })
}
