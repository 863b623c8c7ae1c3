import { translateMessage } from '@teplo/domain'
import { describe, expect, it } from 'vitest'
import { emailChangeSchema } from './email-change-schema'

const messages = (value: unknown) => {
  const result = emailChangeSchema.safeParse(value)
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path[0], translateMessage(i.message, 'uk')]))
}

describe('emailChangeSchema', () => {
  it('asks for the current password and a new e-mail', () => {
    expect(messages({ current_password: '', email: '' })).toEqual({
      current_password: 'Введіть поточний пароль',
      email: "Email обов'язковий!",
    })
  })

  it('rejects a malformed e-mail', () => {
    expect(messages({ current_password: 'secret-pass', email: 'nope' })).toEqual({
      email: 'Має бути дійсний email!',
    })
  })

  it('normalises the accepted e-mail', () => {
    expect(emailChangeSchema.parse({ current_password: 'x', email: '  New@Example.COM ' })).toEqual({
      current_password: 'x',
      email: 'new@example.com',
    })
  })
})
