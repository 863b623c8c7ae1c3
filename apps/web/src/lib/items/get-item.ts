import { queryOptions, useQuery } from '@tanstack/react-query'
import { itemOperations } from '@teplo/domain'
import { call } from '../operation-client'
import { type Device, deviceFromDocument } from './item-document'
import { itemKeys } from './item-keys'

/** One device with its type, read past every cache: its values are live (spec §7). */
export async function getItem(id: string, signal?: AbortSignal): Promise<Device> {
  const document = await call(
    itemOperations.getItem,
    { params: { id }, query: { include: 'category' } },
    { noCache: true, signal },
  )
  return deviceFromDocument(document)
}

export function itemQueryOptions(id: string) {
  return queryOptions({
    queryKey: itemKeys.detail(id),
    queryFn: ({ signal }) => getItem(id, signal),
    staleTime: 0,
  })
}

interface UseItemOptions {
  /** Re-read this often (ms), e.g. while no live stream delivers updates; never when false. */
  refetchInterval?: number | false
}

/** One device; nothing is read while `id` is undefined. */
export function useItem(id: string | undefined, { refetchInterval = false }: UseItemOptions = {}) {
  return useQuery({ ...itemQueryOptions(id ?? ''), enabled: id !== undefined, refetchInterval })
}
