import { useQuery } from '@tanstack/react-query'
import { type OperationAnswer, operationPath, operations } from '@teplo/domain'
import { apiRequest } from '../../../lib/api-client'

type SupportDocument = OperationAnswer<typeof operations.getSupport>
export type SupportContacts = SupportDocument['data']['attributes']

/** Support phone and e-mail from the server's configuration; public, like the help page itself. */
export async function getSupportContacts(signal?: AbortSignal): Promise<SupportContacts> {
  // Without the session's token (a declared call always sends it): a shared cache may keep the answer.
  const document = await apiRequest<SupportDocument>(operationPath(operations.getSupport), {
    auth: false,
    signal,
  })
  return document.data.attributes
}

export function useSupportContacts() {
  return useQuery({
    queryKey: ['support-contacts'],
    queryFn: ({ signal }) => getSupportContacts(signal),
    staleTime: 60 * 60_000,
  })
}
