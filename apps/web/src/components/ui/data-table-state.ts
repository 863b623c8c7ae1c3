import { DEFAULT_SORT, SEARCH_DEBOUNCE_MS, TABLE_PAGE_SIZE } from '@teplo/domain'
import { useCallback, useState } from 'react'
import { useDebouncedValue } from '../../lib/use-debounced-value'

/** What a server-paged list asks for: name filter, sort ('column' or '-column'), page and its size. */
export interface ListParams {
  search: string
  sort: string
  page: number
  pageSize: number
}

export const PAGE_SIZES = [5, 10, 15, 20, 25] as const

/** A first click sorts a column ascending, a second descending, a third ascending again. */
export function nextSort(current: string, column: string): string {
  return current === column ? `-${column}` : column
}

/** The sort direction of `column` under `sort`, or false when the list is sorted by another column. */
export function sortDirection(sort: string, column: string): 'asc' | 'desc' | false {
  if (sort === column) return 'asc'
  return sort === `-${column}` ? 'desc' : false
}

/** Wire query of a list call (spec §7): filter[name], sort, page[size], page[number]. */
export function listQuery(params: ListParams): Record<string, string | number | undefined> {
  return {
    'filter[name]': params.search || undefined,
    sort: params.sort,
    'page[size]': params.pageSize,
    'page[number]': params.page,
  }
}

export interface DataTableState {
  /** The text in the search box, as typed. */
  searchText: string
  setSearchText: (text: string) => void
  setSort: (sort: string) => void
  setPage: (page: number) => void
  setPageSize: (size: number) => void
  /** What to query with: the search settles for 300 ms first. */
  params: ListParams
}

/** State of a searchable, sortable, paged table; a new search, sort or page size starts again at page 1. */
export function useDataTableState(): DataTableState {
  const [searchText, setSearchText] = useState('')
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS)
  const [sort, setSort] = useState(DEFAULT_SORT)
  const [pageSize, setPageSize] = useState<number>(TABLE_PAGE_SIZE)
  const view = `${search}\u0000${sort}\u0000${pageSize}`
  // The page belongs to the view it was chosen in; any other view starts on page 1.
  const [chosen, setChosen] = useState({ view, page: 1 })
  const page = chosen.view === view ? chosen.page : 1
  const setPage = useCallback((next: number) => setChosen({ view, page: next }), [view])

  return {
    searchText,
    setSearchText,
    setSort,
    setPage,
    setPageSize,
    params: { search, sort, page, pageSize },
  }
}
