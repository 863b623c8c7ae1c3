import { useQuery } from '@tanstack/react-query'
import { sharingOperations } from '@teplo/domain'
import { call } from '../../../lib/operation-client'
import { sharingKeys } from './sharing-keys'

/** Boilers the signed-in account handed over to a new owner lately (ADR 048). */
export function useHandedOver() {
  return useQuery({
    queryKey: sharingKeys.handedOver(),
    queryFn: async ({ signal }) => (await call(sharingOperations.listHandedOver, {}, { signal })).data,
  })
}
