import { useQuery } from '@tanstack/react-query'
import { type InstallationDocument, setupOperations } from '@teplo/domain'
import { call } from '../../../lib/operation-client'

export type Installation = InstallationDocument['data']['attributes']

/** GET /installation (administrators): demo or real, and the accounts still open with a published password. */
export async function getInstallation(signal?: AbortSignal): Promise<Installation> {
  return (await call(setupOperations.getInstallation, {}, { signal })).data.attributes
}

export function useInstallation({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: ['installation'],
    queryFn: ({ signal }) => getInstallation(signal),
    enabled,
    // A changed password shows on the next screen an administrator opens.
    staleTime: 0,
    retry: false,
  })
}
