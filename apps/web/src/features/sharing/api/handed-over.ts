import { useQuery } from '@tanstack/react-query'
import type { handedOverListDocumentSchema } from '@teplo/domain'
import type { z } from 'zod'
import { apiRequest } from '../../../lib/api-client'
import { sharingKeys } from './sharing-keys'

/** Boilers the signed-in account handed over to a new owner lately (ADR 048). */
export function useHandedOver() {
  return useQuery({
    queryKey: sharingKeys.handedOver(),
    queryFn: async ({ signal }) =>
      (await apiRequest<z.infer<typeof handedOverListDocumentSchema>>('me/handed-over', { signal })).data,
  })
}
