import { useQuery } from '@tanstack/react-query'
import type { Document, Resource } from '@teplo/domain'
import { apiRequest } from '../../../lib/api-client'

export interface SupportContacts {
  phone: string
  email: string
}

/** Support phone and e-mail from the server's configuration; public, like the help page itself. */
export async function getSupportContacts(signal?: AbortSignal): Promise<SupportContacts> {
  const document = await apiRequest<Document<Resource<SupportContacts, 'support'>>>('support', {
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
