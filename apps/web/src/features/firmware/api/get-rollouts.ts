import { useQuery } from '@tanstack/react-query'
import { firmwareOperations, type firmwareRolloutListDocumentSchema } from '@teplo/domain'
import type { z } from 'zod'
import { call } from '../../../lib/operation-client'
import { firmwareKeys } from './firmware-keys'

export type RolloutList = z.infer<typeof firmwareRolloutListDocumentSchema>
export type Rollout = RolloutList['data'][number]

/** Rollouts with each device's progress; read every 2 s while one runs, so progress shows as it comes. */
export function useRollouts() {
  return useQuery({
    queryKey: firmwareKeys.rollouts(),
    queryFn: ({ signal }) => call(firmwareOperations.listFirmwareRollouts, {}, { noCache: true, signal }),
    refetchInterval: (query) =>
      query.state.data?.data.some((rollout) => rollout.attributes.status === 'running') ? 2000 : 30_000,
  })
}
