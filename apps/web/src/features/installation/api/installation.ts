import { useQuery } from '@tanstack/react-query'
import { type HeatingInstallationResource, installationOperations, REFRESH_INTERVAL_MS } from '@teplo/domain'
import { call } from '../../../lib/operation-client'

export type HeatingInstallation = HeatingInstallationResource['attributes']

/** Cache keys of a device's heating installation (ADR 063). */
export const installationKeys = {
  item: (itemId: string) => ['installation', itemId] as const,
}

/** The installation the controller announced, its readings refreshed as the dashboard's; null: none announced. */
export function useHeatingInstallation(itemId: string) {
  return useQuery({
    queryKey: installationKeys.item(itemId),
    queryFn: async ({ signal }) =>
      (await call(installationOperations.getHeatingInstallation, { params: { id: itemId } }, { signal })).data
        ?.attributes ?? null,
    refetchInterval: REFRESH_INTERVAL_MS,
  })
}
