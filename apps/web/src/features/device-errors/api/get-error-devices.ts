import { useQuery } from '@tanstack/react-query'
import type { ItemResource, ListDocument } from '@teplo/domain'
import { MAX_PAGE_SIZE } from '@teplo/domain'
import { apiRequest } from '../../../lib/api-client'
import { itemErrorKeys } from './item-error-keys'

export interface ErrorDevice {
  id: string
  name: string
}

/** The caller's devices for the picker; a pending device has never reported, so it has no errors. */
export async function getErrorDevices(signal?: AbortSignal): Promise<ErrorDevice[]> {
  const document = await apiRequest<ListDocument<ItemResource>>('items', {
    query: { 'page[size]': MAX_PAGE_SIZE, sort: 'name' },
    signal,
  })
  return document.data
    .filter((item) => item.attributes.status !== 'pending')
    .map((item) => ({ id: item.id, name: item.attributes.name }))
}

export function useErrorDevices() {
  return useQuery({ queryKey: itemErrorKeys.devices(), queryFn: ({ signal }) => getErrorDevices(signal) })
}
