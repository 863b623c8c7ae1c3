import { useQuery } from '@tanstack/react-query'
import type { firmwareRolloutListDocumentSchema } from '@teplo/domain'
import type { z } from 'zod'
import { apiRequest } from '../../../lib/api-client'
import { firmwareKeys } from './firmware-keys'

export type RolloutList = z.infer<typeof firmwareRolloutListDocumentSchema>
export type Rollout = RolloutList['data'][number]

/** Rollouts with each device's progress; read every 2 s while one runs, so progress shows as it comes. */
export function useRollouts() {
  return useQuery({
    queryKey: firmwareKeys.rollouts(),
    queryFn: ({ signal }) => apiRequest<RolloutList>('firmware-rollouts', { noCache: true, signal }),
    refetchInterval: (query) =>
      query.state.data?.data.some((rollout) => rollout.attributes.status === 'running') ? 2000 : 30_000,
  })
}
