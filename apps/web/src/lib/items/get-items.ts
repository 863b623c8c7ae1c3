import { queryOptions, useQuery } from '@tanstack/react-query'
import { itemOperations, MAX_PAGE_SIZE } from '@teplo/domain'
import { call } from '../operation-client'
import { type Device, devicesFromDocument } from './item-document'
import { type ItemListQuery, itemKeys } from './item-keys'

/** Devices with their types on one page: all of them, or the first `pageSize` matching `name`. */
export async function getItems(query: ItemListQuery, signal?: AbortSignal): Promise<Device[]> {
  const document = await call(
    itemOperations.listItems,
    {
      query: {
        include: 'category',
        'filter[user_id]': query.userId,
        'filter[scope]': query.everyone && !query.userId ? 'all' : undefined,
        'filter[name]': query.name,
        sort: query.sort,
        'page[size]': query.pageSize ?? MAX_PAGE_SIZE,
        // Cache-busting timestamp: a proxy must never answer with an old list.
        _: query.noCache ? Date.now() : undefined,
      },
    },
    { noCache: query.noCache ?? false, signal },
  )
  return devicesFromDocument(document)
}

export function itemsQueryOptions(query: ItemListQuery = {}) {
  return queryOptions({
    queryKey: itemKeys.list(query),
    queryFn: ({ signal }) => getItems(query, signal),
    // A device added or changed elsewhere shows up when the user comes back.
    staleTime: 0,
  })
}

/** A list of devices; `select` narrows or reshapes it for one screen without a cache entry of its own. */
export function useItems<T = Device[]>(query: ItemListQuery = {}, select?: (devices: Device[]) => T) {
  return useQuery({ ...itemsQueryOptions(query), select })
}
