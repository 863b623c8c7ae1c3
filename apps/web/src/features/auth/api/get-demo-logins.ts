import { useQuery } from '@tanstack/react-query'
import type { DemoLoginsDocument, helpOperations } from '@teplo/domain'
import { apiRequest } from '../../../lib/api-client'

/** `helpOperations.getDemoLogins`'s path: typed from the declaration, so the compiler holds them equal. */
export const DEMO_LOGINS_PATH: (typeof helpOperations)['getDemoLogins']['path'] extends `/${infer P}`
  ? P
  : never = 'demo-logins'

export type DemoLogin = DemoLoginsDocument['data']['attributes']['accounts'][number]

/** The demo accounts that still sign in with their published passwords, administrator first; none on a real site. */
export async function getDemoLogins(signal?: AbortSignal): Promise<DemoLogin[]> {
  // Public, like the sign-in page: sent without the session's token. Read with the page's first paint, which
  // does without the declarations' zod (ADR 031).
  const document = await apiRequest<DemoLoginsDocument>(DEMO_LOGINS_PATH, { auth: false, signal })
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
