import { describe, expect, it } from 'vitest'
import { parseResetLink } from './reset-link'

describe('parseResetLink', () => {
  it('reads email and token of the e-mailed link', () => {
    expect(parseResetLink('?token=abc_DEF-123&email=olena%40example.com')).toEqual({
      email: 'olena@example.com',
      token: 'abc_DEF-123',
    })
  })

  it('keeps a plus sign of the address, encoded or not', () => {
    expect(parseResetLink('?token=t&email=olena%2Bboiler%40example.com')?.email).toBe(
      'olena+boiler@example.com',
    )
    expect(parseResetLink('?token=t&email=olena+boiler@example.com')?.email).toBe('olena+boiler@example.com')
  })

  it('gives null when the email or the token is missing or blank', () => {
    expect(parseResetLink('')).toBeNull()
    expect(parseResetLink('?token=abc')).toBeNull()
    expect(parseResetLink('?email=olena%40example.com')).toBeNull()
    expect(parseResetLink('?token=%20&email=olena%40example.com')).toBeNull()
  })

  it('accepts URLSearchParams as the router gives them', () => {
    const params = new URLSearchParams({ email: 'a@b.ua', token: 'x' })
    expect(parseResetLink(params)).toEqual({ email: 'a@b.ua', token: 'x' })
  })
})
