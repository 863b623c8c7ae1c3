import { useQuery } from '@tanstack/react-query'
import { type DemoLoginsDocument, operations } from '@teplo/domain'
import { call } from '../../../lib/operation-client'

export type DemoLogin = DemoLoginsDocument['data']['attributes']['accounts'][number]

/** The demo accounts that still sign in with their published passwords, administrator first; none on a real site. */
export async function getDemoLogins(signal?: AbortSignal): Promise<DemoLogin[]> {
  // Public, like the sign-in page: sent without the session's token.
  const document = await call(operations.getDemoLogins, {}, { signal })
  return document.data.attributes.accounts
}

export function useDemoLogins() {
  return useQuery({
    queryKey: ['demo-logins'],
    queryFn: ({ signal }) => getDemoLogins(signal),
    // Asked once per visit to the sign-in screen: a password changed meanwhile takes effect on the next one.
    staleTime: 0,
    retry: false,
  })
}
