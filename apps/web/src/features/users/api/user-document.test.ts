import type { UserResource } from '@teplo/domain'
import { describe, expect, it } from 'vitest'
import { toUser } from './user-document'

const resource = (roleIds: string[]): UserResource => ({
  type: 'users',
  id: '9',
  attributes: {
    name: 'Олена',
    email: 'olena@example.com',
    profile_image: '/uploads/users/9/a.png',
    created_at: '2025-01-02 10:00:00',
    updated_at: '2025-01-02 10:00:00',
  },
  relationships: { roles: { data: roleIds.map((id) => ({ type: 'roles', id })) } },
})

const included = [
  { type: 'roles', id: '2', attributes: { name: 'creator' } },
  { type: 'roles', id: '3', attributes: { name: 'user' } },
]

describe('toUser', () => {
  it('names the first role from the included roles', () => {
    expect(toUser(resource(['3', '2']), included)).toEqual({
      id: '9',
      name: 'Олена',
      email: 'olena@example.com',
      profileImage: '/uploads/users/9/a.png',
      createdAt: '2025-01-02 10:00:00',
      role: { id: '3', name: 'user' },
    })
  })

  it('has no role when the user holds none', () => {
    expect(toUser(resource([]), included).role).toBeNull()
  })
})
