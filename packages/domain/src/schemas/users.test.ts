import { describe, expect, it } from 'vitest'
import { issuesOf } from './test-issues'
import { userCreateSchema, userUpdateSchema } from './users'

const valid = {
  name: 'Оксана',
  email: 'oksana@teplo.ua',
  password: 'password1',
  password_confirmation: 'password1',
  roles: [{ type: 'roles' as const, id: '2' }],
}

describe('userCreateSchema', () => {
  it('accepts a new user with or without a picture', () => {
    expect(userCreateSchema.parse(valid)).toEqual(valid)
    expect(userCreateSchema.parse({ ...valid, profile_image: null }).profile_image).toBeNull()
  })

  it('needs at least one role reference of type roles', () => {
    expect(issuesOf(userCreateSchema, { ...valid, roles: [] })).toEqual({ roles: ['Оберіть роль'] })
    expect(issuesOf(userCreateSchema, { ...valid, roles: [{ type: 'tags', id: '2' }] })).toHaveProperty(
      'roles.0.type',
    )
    expect(issuesOf(userCreateSchema, { ...valid, roles: [{ type: 'roles', id: '' }] })).toHaveProperty(
      'roles.0.id',
    )
  })

  it('reports a confirmation mismatch on password_confirmation', () => {
    expect(issuesOf(userCreateSchema, { ...valid, password_confirmation: 'other-one' })).toEqual({
      password_confirmation: ['Паролі мають збігатися'],
    })
  })
})

describe('userUpdateSchema', () => {
  it('accepts any subset of fields', () => {
    expect(userUpdateSchema.parse({ name: 'Нове імʼя' })).toEqual({ name: 'Нове імʼя' })
    expect(userUpdateSchema.parse({ roles: [{ type: 'roles', id: '1' }] })).toEqual({
      roles: [{ type: 'roles', id: '1' }],
    })
    expect(userUpdateSchema.parse({})).toEqual({})
  })

  it('applies the same rules to the fields it gets', () => {
    expect(issuesOf(userUpdateSchema, { email: 'bad' })).toEqual({ email: ['Має бути дійсний email!'] })
    expect(issuesOf(userUpdateSchema, { roles: [] })).toEqual({ roles: ['Оберіть роль'] })
  })

  it('still wants the confirmation of a new password', () => {
    expect(issuesOf(userUpdateSchema, { password: 'password1' })).toEqual({
      password_confirmation: ['Паролі мають збігатися'],
    })
  })
})
