import { useQuery } from '@tanstack/react-query'
import { type itemServiceSettingsDocumentSchema, serviceSettingsOperations } from '@teplo/domain'
import type { z } from 'zod'
import { call } from '../../../lib/operation-client'

export type ServiceSettingsDocument = z.infer<typeof itemServiceSettingsDocumentSchema>
export type ServiceSettingsView = ServiceSettingsDocument['data']['attributes']

export const serviceSettingsKey = (itemId: string) => ['service-settings', itemId] as const

/** Polling while the controller has not answered: its acknowledgement usually comes within seconds. */
const PENDING_REFRESH_MS = 2000

/** A device's service parameters with the controller's sync state (ADR 025). */
export function useServiceSettings(itemId: string | undefined) {
  return useQuery({
    queryKey: serviceSettingsKey(itemId ?? ''),
    queryFn: ({ signal }) =>
      call(
        serviceSettingsOperations.getServiceSettings,
        { params: { id: itemId ?? '' } },
        { noCache: true, signal },
      ),
    enabled: itemId !== undefined,
    select: (document) => document.data.attributes,
    refetchInterval: (query) =>
      query.state.data?.data.attributes.sync_status === 'pending' ? PENDING_REFRESH_MS : false,
  })
}
