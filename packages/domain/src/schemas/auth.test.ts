import { describe, expect, it } from 'vitest'
import {
  loginSchema,
  passwordForgotSchema,
  passwordResetSchema,
  registerFormSchema,
  registerSchema,
} from './auth'
import { issuesOf } from './test-issues'

describe('loginSchema', () => {
  it('accepts credentials and remembers the user by default', () => {
    expect(loginSchema.parse({ email: ' Admin@Teplo.demo ', password: 'teplo-admin' })).toEqual({
      email: 'admin@teplo.demo',
      password: 'teplo-admin',
      remember: true,
    })
    expect(loginSchema.parse({ email: 'a@b.ua', password: 'x', remember: false }).remember).toBe(false)
  })

  it('reports missing fields with the messages of the specification', () => {
    expect(issuesOf(loginSchema, { email: '', password: '' })).toEqual({
      email: ["Email обов'язковий!"],
      password: ['Необхідно ввести пароль!'],
    })
    expect(issuesOf(loginSchema, {})).toEqual({
      email: ["Email обов'язковий!"],
      password: ['Необхідно ввести пароль!'],
    })
  })

  it('rejects a malformed e-mail', () => {
    expect(issuesOf(loginSchema, { email: 'admin@', password: 'x' })).toEqual({
      email: ['Має бути дійсний email!'],
    })
  })
})

describe('registerSchema', () => {
  const valid = {
    name: 'Іван',
    email: 'ivan@teplo.ua',
    password: 'password1',
    password_confirmation: 'password1',
  }

  it('accepts a complete registration', () => {
    expect(registerSchema.parse(valid)).toEqual(valid)
  })

  it('requires a login and a long enough password', () => {
    expect(issuesOf(registerSchema, { ...valid, name: '   ' })).toEqual({ name: ['Введіть логін!'] })
    expect(issuesOf(registerSchema, { ...valid, password: 'short', password_confirmation: 'short' })).toEqual(
      {
        password: ['Пароль має бути не менше 8 символів!'],
      },
    )
  })

  it('puts a confirmation mismatch on password_confirmation, even beside other errors', () => {
    expect(issuesOf(registerSchema, { ...valid, password_confirmation: 'password2' })).toEqual({
      password_confirmation: ['Паролі мають збігатися'],
    })
    expect(issuesOf(registerSchema, { ...valid, name: '', password_confirmation: 'x' })).toEqual({
      name: ['Введіть логін!'],
      password_confirmation: ['Паролі мають збігатися'],
    })
  })

  it('lets the form demand the terms', () => {
    expect(issuesOf(registerFormSchema, { ...valid, terms: false })).toEqual({
      terms: ['Будь ласка, прийміть Правила та умови!'],
    })
    expect(registerFormSchema.safeParse({ ...valid, terms: true }).success).toBe(true)
  })
})

describe('passwordForgotSchema', () => {
  const redirect_url = 'https://teplo.example/password/reset'

  it('accepts an e-mail and the reset page address', () => {
    expect(passwordForgotSchema.parse({ email: 'ivan@teplo.ua', redirect_url })).toEqual({
      email: 'ivan@teplo.ua',
      redirect_url,
    })
  })

  it('uses its own e-mail messages', () => {
    expect(issuesOf(passwordForgotSchema, { email: '', redirect_url })).toEqual({
      email: ["Email обов'язковий!"],
    })
    expect(issuesOf(passwordForgotSchema, { email: 'ivan', redirect_url })).toEqual({
      email: ['Необіхдно вписати існуючий email!'],
    })
  })

  it('accepts only http(s) addresses for the link', () => {
    expect(
      issuesOf(passwordForgotSchema, { email: 'ivan@teplo.ua', redirect_url: 'not a url' }),
    ).toHaveProperty('redirect_url')
    expect(
      issuesOf(passwordForgotSchema, { email: 'ivan@teplo.ua', redirect_url: 'javascript:alert(1)' }),
    ).toHaveProperty('redirect_url')
  })
})

describe('passwordResetSchema', () => {
  const valid = {
    email: 'ivan@teplo.ua',
    token: 'abc',
    password: 'password1',
    password_confirmation: 'password1',
  }

  it('accepts a complete reset', () => {
    expect(passwordResetSchema.parse(valid)).toEqual(valid)
  })

  it('uses the reset messages for the password', () => {
    expect(issuesOf(passwordResetSchema, { ...valid, password: '', password_confirmation: '' })).toEqual({
      password: ["Пароль обов'язковий!"],
    })
    expect(
      issuesOf(passwordResetSchema, { ...valid, password: 'short', password_confirmation: 'short' }),
    ).toEqual({ password: ['Пароль повинен бути більше 8 символів!'] })
  })

  it('reports a mismatch on password_confirmation', () => {
    expect(issuesOf(passwordResetSchema, { ...valid, password_confirmation: 'password2' })).toEqual({
      password_confirmation: ['Паролі не однакові'],
    })
  })

  it('needs the token from the e-mail link', () => {
    expect(issuesOf(passwordResetSchema, { ...valid, token: '' })).toHaveProperty('token')
  })
})
