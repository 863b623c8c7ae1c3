import { useQuery } from '@tanstack/react-query'
import type { categoryListDocumentSchema } from '@teplo/domain'
import type { z } from 'zod'
import { apiRequest } from '../../../lib/api-client'
import { firmwareKeys } from './firmware-keys'

type CategoryList = z.infer<typeof categoryListDocumentSchema>

/** Device types (categories) by id, for naming an image's or a device's type. */
export function useDeviceTypes() {
  return useQuery({
    queryKey: firmwareKeys.deviceTypes(),
    queryFn: ({ signal }) => apiRequest<CategoryList>('categories', { query: { 'page[size]': 100 }, signal }),
    select: (list) => list.data.map((category) => ({ id: category.id, name: category.attributes.name })),
    staleTime: 60_000,
  })
}
