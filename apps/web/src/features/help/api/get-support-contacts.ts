import { useQuery } from '@tanstack/react-query'
import { helpOperations, type OperationAnswer } from '@teplo/domain'
import { call } from '../../../lib/operation-client'

type SupportDocument = OperationAnswer<typeof helpOperations.getSupport>
export type SupportContacts = SupportDocument['data']['attributes']

/** Support phone and e-mail from the server's configuration; public, like the help page itself. */
export async function getSupportContacts(signal?: AbortSignal): Promise<SupportContacts> {
  // Public, sent without the session's token: a shared cache may keep the answer.
  const document = await call(helpOperations.getSupport, {}, { signal })
  return document.data.attributes
}

export function useSupportContacts() {
  return useQuery({
    queryKey: ['support-contacts'],
    queryFn: ({ signal }) => getSupportContacts(signal),
    staleTime: 60 * 60_000,
  })
}
