import type { RoleAttributes, RoleResource, UserAttributes, UserResource } from '@teplo/domain'

/** A user as the screens show it; only the first role counts (spec §3, §6). */
export interface User extends Pick<UserAttributes, 'name' | 'email'> {
  id: UserResource['id']
  profileImage: UserAttributes['profile_image']
  createdAt: UserAttributes['created_at'] | null
  role: (Pick<RoleResource, 'id'> & Pick<RoleAttributes, 'name'>) | null
}

/** Resolves the user's first role against `included` (include=roles). */
export function toUser(resource: UserResource, included: readonly RoleResource[] = []): User {
  const first = resource.relationships.roles.data[0]
  const role = first && included.find((entry) => entry.type === 'roles' && entry.id === first.id)
  const { attributes } = resource
  return {
    id: resource.id,
    name: attributes.name,
    email: attributes.email,
    profileImage: attributes.profile_image,
    createdAt: attributes.created_at,
    role: first ? { id: first.id, name: role?.attributes.name ?? '' } : null,
  }
}
