import { useQuery } from '@tanstack/react-query'
import type { ProfileAttributes, profileDocumentSchema, RoleAttributes, RoleResource } from '@teplo/domain'
import type { z } from 'zod'
import { clearToken } from '../../../lib/auth-token'
import { call } from '../../../lib/operation-client'
import { signInDeclarations } from './sign-in-declarations'

/** GET and PATCH me, with include=roles. */
export type ProfileDocument = z.infer<typeof profileDocumentSchema>

export interface Profile extends ProfileAttributes {
  id: string
  /** In the server's order; only the first one counts (spec §6). */
  roles: (Pick<RoleResource, 'id'> & Pick<RoleAttributes, 'name'>)[]
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
export function toProfile(document: ProfileDocument): Profile {
  const { data, included = [] } = document
  const roles = data.relationships.roles.data.flatMap(({ id }) => {
    const role = included.find((entry) => entry.type === 'roles' && entry.id === id)
    return role ? [{ id, name: role.attributes.name }] : []
  })
  return { ...data.attributes, id: data.id, roles }
}

export async function getProfile(signal?: AbortSignal): Promise<Profile> {
  const { authOperations } = await signInDeclarations()
  const document = await call(authOperations.getProfile, { query: { include: 'roles' } }, { signal })
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
