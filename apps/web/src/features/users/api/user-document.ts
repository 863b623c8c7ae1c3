import type { Resource, UserResource } from '@teplo/domain'

/** A user as the screens show it; only the first role counts (spec §3, §6). */
export interface User {
  id: string
  name: string
  email: string
  profileImage: string | null
  createdAt: string | null
  role: { id: string; name: string } | null
}

/** Resolves the user's first role against `included` (include=roles). */
export function toUser(resource: UserResource, included: readonly Resource<unknown>[] = []): User {
  const linked = resource.relationships?.roles?.data
  const first = Array.isArray(linked) ? linked[0] : linked
  const role = first && included.find((entry) => entry.type === 'roles' && entry.id === first.id)
  const name = (role?.attributes as { name?: unknown } | undefined)?.name
  const { attributes } = resource
  return {
    id: resource.id,
    name: attributes.name,
    email: attributes.email,
    profileImage: attributes.profile_image,
    createdAt: attributes.created_at,
    role: first ? { id: first.id, name: typeof name === 'string' ? name : '' } : null,
  }
}
