import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { firmwareOperations, type firmwareRolloutListDocumentSchema } from '@teplo/domain'
import type { z } from 'zod'
import { call } from '../../../lib/operation-client'
import { firmwareKeys } from './firmware-keys'

export type RolloutList = z.infer<typeof firmwareRolloutListDocumentSchema>
export type Rollout = RolloutList['data'][number]

/**
 * A page of rollouts, newest first, with each device's progress; read every 2 s while one on it runs, so progress
 * shows as it comes. The page shown stays while the next one is read.
 */
export function useRollouts(page = 1) {
  return useQuery({
    queryKey: [...firmwareKeys.rollouts(), page],
    queryFn: ({ signal }) =>
      call(
        firmwareOperations.listFirmwareRollouts,
        { query: { 'page[number]': page } },
        { noCache: true, signal },
      ),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.data.some((rollout) => rollout.attributes.status === 'running') ? 2000 : 30_000,
  })
}
