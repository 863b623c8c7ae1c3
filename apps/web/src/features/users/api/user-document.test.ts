import { describe, expect, it } from 'vitest'
import { roleResource, userResource } from '../../../test/resource-fixtures'
import { toUser } from './user-document'

const resource = (roleIds: string[]) =>
  userResource(
    '9',
    {
      profile_image: '/uploads/users/9/a.png',
      created_at: '2025-01-02 10:00:00',
      updated_at: '2025-01-02 10:00:00',
    },
    roleIds,
  )

const included = [roleResource('2', 'creator'), roleResource('3', 'user')]

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
