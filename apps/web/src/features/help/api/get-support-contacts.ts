import { useQuery } from '@tanstack/react-query'
import type { supportDocumentSchema } from '@teplo/domain'
import type { z } from 'zod'
import { apiRequest } from '../../../lib/api-client'

type SupportDocument = z.infer<typeof supportDocumentSchema>
export type SupportContacts = SupportDocument['data']['attributes']

/** Support phone and e-mail from the server's configuration; public, like the help page itself. */
export async function getSupportContacts(signal?: AbortSignal): Promise<SupportContacts> {
  const document = await apiRequest<SupportDocument>('support', {
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
