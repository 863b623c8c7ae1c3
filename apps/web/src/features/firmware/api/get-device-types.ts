import { useQuery } from '@tanstack/react-query'
import { categoryOperations } from '@teplo/domain'
import { call } from '../../../lib/operation-client'
import { firmwareKeys } from './firmware-keys'

/** Device types (categories) by id, for naming an image's or a device's type. */
export function useDeviceTypes() {
  return useQuery({
    queryKey: firmwareKeys.deviceTypes(),
    queryFn: ({ signal }) =>
      call(categoryOperations.listCategories, { query: { 'page[size]': 100 } }, { signal }),
    select: (list) => list.data.map((category) => ({ id: category.id, name: category.attributes.name })),
    staleTime: 60_000,
  })
}
