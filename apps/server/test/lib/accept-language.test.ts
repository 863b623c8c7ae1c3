import { describe, expect, it } from 'vitest'
import { acceptedLanguage, preferredLanguage } from '../../src/lib/accept-language.ts'
import { requestLanguage } from '../../src/lib/request-language.ts'

describe('preferredLanguage', () => {
  it('is Ukrainian without a header or without one of our languages in it', () => {
    expect(preferredLanguage(undefined)).toBe('uk')
    expect(preferredLanguage('')).toBe('uk')
    expect(preferredLanguage('de-DE,fr;q=0.8')).toBe('uk')
    expect(preferredLanguage('*')).toBe('uk')
  })

  it('takes the highest weighted of uk and en, regions included', () => {
    expect(preferredLanguage('en-GB,en;q=0.9')).toBe('en')
    expect(preferredLanguage('de,en-US;q=0.7,uk;q=0.5')).toBe('en')
    expect(preferredLanguage('en;q=0.4,uk-UA;q=0.9')).toBe('uk')
    expect(preferredLanguage('uk,en')).toBe('uk')
    expect(preferredLanguage('EN')).toBe('en')
    expect(preferredLanguage('en;q=0')).toBe('uk')
    expect(preferredLanguage(['fr', 'en;q=0.5'])).toBe('en')
  })
})

describe('acceptedLanguage', () => {
  it('is null where preferredLanguage falls back to Ukrainian', () => {
    expect(acceptedLanguage(undefined)).toBeNull()
    expect(acceptedLanguage('de-DE,fr;q=0.8')).toBeNull()
    expect(acceptedLanguage('en;q=0')).toBeNull()
    expect(acceptedLanguage('uk')).toBe('uk')
    expect(acceptedLanguage('en-GB')).toBe('en')
  })
})

describe('requestLanguage', () => {
  const request = (header?: string, language?: 'uk' | 'en') => ({
    headers: header === undefined ? {} : { 'accept-language': header },
    auth: language ? { language } : null,
  })

  it("takes the request's language, then the signed-in account's, then Ukrainian", () => {
    expect(requestLanguage(request('en', 'uk'))).toBe('en')
    expect(requestLanguage(request('uk', 'en'))).toBe('uk')
    expect(requestLanguage(request(undefined, 'en'))).toBe('en')
    expect(requestLanguage(request('de', 'en'))).toBe('en')
    expect(requestLanguage(request('de'))).toBe('uk')
    expect(requestLanguage(request())).toBe('uk')
  })
})
