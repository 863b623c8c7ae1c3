import { describe, expect, it } from 'vitest'
import { checkPasswordSchema, profileEmailSchema, profileNameSchema, profilePasswordSchema } from './profile'
import { issuesOf } from './test-issues'

describe('profile schemas', () => {
  it('trims the name and rejects a blank one', () => {
    expect(profileNameSchema.parse({ name: '  Олена  ' })).toEqual({ name: 'Олена' })
    expect(issuesOf(profileNameSchema, { name: ' ' })).toEqual({ name: ["Введіть ім'я"] })
  })

  it('changes the password only with the current one and a matching confirmation', () => {
    const valid = {
      current_password: 'old-secret',
      password: 'new-secret',
      password_confirmation: 'new-secret',
    }
    expect(profilePasswordSchema.parse(valid)).toEqual(valid)
    expect(issuesOf(profilePasswordSchema, { ...valid, current_password: '' })).toEqual({
      current_password: ['Введіть поточний пароль'],
    })
    expect(issuesOf(profilePasswordSchema, { ...valid, password: 'short' })).toEqual({
      password: ['Пароль має бути не менше 8 символів!'],
      password_confirmation: ['Паролі мають збігатися'],
    })
  })

  it('validates the new e-mail', () => {
    expect(profileEmailSchema.parse({ email: 'New@Teplo.ua' })).toEqual({ email: 'new@teplo.ua' })
    expect(issuesOf(profileEmailSchema, { email: 'new@' })).toEqual({ email: ['Має бути дійсний email!'] })
  })

  it('requires the password to check', () => {
    expect(checkPasswordSchema.safeParse({ password: 'anything' }).success).toBe(true)
    expect(issuesOf(checkPasswordSchema, { password: '' })).toEqual({ password: ['Введіть поточний пароль'] })
  })
})
