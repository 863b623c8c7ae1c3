import { useQuery } from '@tanstack/react-query'
import { categoryOperations, MAX_PAGE_SIZE } from '@teplo/domain'
import type { DeviceCategory } from '../../../lib/items/item-document'
import { call } from '../../../lib/operation-client'

const deviceTypesKey = ['device-types'] as const

/** A device type (a category) as the selects show it: the same as the type a device is shown with. */
export type DeviceType = DeviceCategory

/** Device types (categories) for the type select, by name. */
export async function getDeviceTypes(signal?: AbortSignal): Promise<DeviceType[]> {
  const document = await call(
    categoryOperations.listCategories,
    { query: { 'page[size]': MAX_PAGE_SIZE, sort: 'name' } },
    { signal },
  )
  return document.data.map((category) => ({ id: category.id, name: category.attributes.name }))
}

export function useDeviceTypes() {
  return useQuery({ queryKey: deviceTypesKey, queryFn: ({ signal }) => getDeviceTypes(signal) })
}
