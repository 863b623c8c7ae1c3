import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { categoryOperations } from '@teplo/domain'
import { type ListParams, listQuery } from '../../../components/ui/data-table-state'
import { call } from '../../../lib/operation-client'
import { categoryKeys } from './category-keys'

export function getCategories(params: ListParams, signal?: AbortSignal) {
  return call(categoryOperations.listCategories, { query: listQuery(params) }, { signal })
}

/** One page of categories; the previous page stays on screen while the next one loads. */
export function useCategories(params: ListParams) {
  return useQuery({
    queryKey: categoryKeys.list(params),
    queryFn: ({ signal }) => getCategories(params, signal),
    placeholderData: keepPreviousData,
  })
}
