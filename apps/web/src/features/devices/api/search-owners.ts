import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { itemOperations } from '@teplo/domain'
import { call } from '../../../lib/operation-client'

export type OwnerOption = { id: string; name: string; email: string }

/** Accounts whose name or e-mail contains the text (at most 10), for the «Власник» choice. */
export async function searchOwners(search: string, signal?: AbortSignal): Promise<OwnerOption[]> {
  const document = await call(
    itemOperations.listOwners,
    { query: { 'filter[search]': search.trim() || undefined } },
    { signal },
  )
  return document.data.map((owner) => ({ id: owner.id, ...owner.attributes }))
}

export function useOwnerSearch(search: string) {
  return useQuery({
    queryKey: ['owners', search.trim()],
    queryFn: ({ signal }) => searchOwners(search, signal),
    placeholderData: keepPreviousData,
  })
}
