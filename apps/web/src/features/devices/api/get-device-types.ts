import { useQuery } from '@tanstack/react-query'
import type { CategoryResource, ListDocument } from '@teplo/domain'
import { MAX_PAGE_SIZE } from '@teplo/domain'
import { apiRequest } from '../../../lib/api-client'

const deviceTypesKey = ['device-types'] as const

export interface DeviceType {
  id: string
  name: string
}

/** Device types (categories) for the type select, by name. */
export async function getDeviceTypes(signal?: AbortSignal): Promise<DeviceType[]> {
  const document = await apiRequest<ListDocument<CategoryResource>>('categories', {
    query: { 'page[size]': MAX_PAGE_SIZE, sort: 'name' },
    signal,
  })
  return document.data.map((category) => ({ id: category.id, name: category.attributes.name }))
}

export function useDeviceTypes() {
  return useQuery({ queryKey: deviceTypesKey, queryFn: ({ signal }) => getDeviceTypes(signal) })
}
