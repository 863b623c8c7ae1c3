import { useQuery } from '@tanstack/react-query'
import type { Document, ProfileAttributes, ProfileResource, ResourceIdentifier } from '@teplo/domain'
import { apiRequest } from '../../../lib/api-client'
import { clearToken } from '../../../lib/auth-token'

export interface Profile extends ProfileAttributes {
  id: string
  /** In the server's order; only the first one counts (spec §6). */
  roles: { id: string; name: string }[]
}

export const profileQueryKey = ['profile'] as const

/**
 * Leaving the page cuts off its requests with the same error as a lost connection; that is not a failed
 * profile load and must not end the session the next page is about to use.
 */
let leavingPage = false
const markLeaving = () => {
  leavingPage = true
  // A beforeunload that leads nowhere (a download) would otherwise keep the flag for good.
  setTimeout(() => {
    leavingPage = false
  }, 3000)
}
window.addEventListener('beforeunload', markLeaving)
window.addEventListener('pagehide', markLeaving)

/** Resolves the roles relationship against `included` into names. */
export function toProfile(document: Document<ProfileResource>): Profile {
  const { data, included = [] } = document
  const linked = data.relationships?.roles?.data
  const identifiers: ResourceIdentifier[] = Array.isArray(linked) ? linked : linked ? [linked] : []
  const roles = identifiers.flatMap((identifier) => {
    const role = included.find((entry) => entry.type === 'roles' && entry.id === identifier.id)
    const name = (role?.attributes as { name?: unknown } | undefined)?.name
    return typeof name === 'string' ? [{ id: identifier.id, name }] : []
  })
  return { ...data.attributes, id: data.id, roles }
}

export async function getProfile(signal?: AbortSignal): Promise<Profile> {
  const document = await apiRequest<Document<ProfileResource>>('me', { query: { include: 'roles' }, signal })
  return toProfile(document)
}

/** The signed-in user's profile; a failed load ends the session (spec §4). */
export function useProfile({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: profileQueryKey,
    queryFn: async ({ signal }) => {
      try {
        return await getProfile(signal)
      } catch (error) {
        if (!signal.aborted && !leavingPage) clearToken()
        throw error
      }
    },
    enabled,
    retry: false,
    staleTime: 5 * 60_000,
  })
}
