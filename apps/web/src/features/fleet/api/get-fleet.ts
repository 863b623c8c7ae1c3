import { keepPreviousData, useQuery } from '@tanstack/react-query'
import {
  type FleetAttention,
  type FleetSort,
  type fleetListDocumentSchema,
  fleetOperations,
} from '@teplo/domain'
import type { z } from 'zod'
import { call } from '../../../lib/operation-client'

export type FleetPage = z.infer<typeof fleetListDocumentSchema>
export type FleetQuery = { page: number; search: string; attention: FleetAttention | ''; sort: FleetSort }

export const FLEET_PAGE_SIZE = 25

/** The installer's devices, most urgent first (or the maintenance due first); paged, searched and filtered by the server. */
export function useFleet(query: FleetQuery) {
  return useQuery({
    queryKey: ['fleet', query],
    queryFn: ({ signal }) =>
      call(
        fleetOperations.listFleet,
        {
          query: {
            'page[number]': query.page,
            'page[size]': FLEET_PAGE_SIZE,
            'filter[search]': query.search.trim() || undefined,
            'filter[attention]': query.attention || undefined,
            sort: query.sort === 'attention' ? undefined : query.sort,
          },
        },
        { noCache: true, signal },
      ),
    placeholderData: keepPreviousData,
    // Live state: read again every 30 s like the dashboard (spec §4).
    refetchInterval: 30_000,
  })
}
