import { describe, expect, it } from 'vitest'
import { preferredLanguage } from '../src/lib/accept-language.ts'

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
