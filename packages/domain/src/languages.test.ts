import { describe, expect, it } from 'vitest'
import { translateMessage } from './i18n/messages'
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_LOCALES, LANGUAGES, languageSchema } from './languages'

describe('languages', () => {
  it('are Ukrainian (the default) and English, each with its locale', () => {
    expect(LANGUAGES).toEqual(['uk', 'en'])
    expect(DEFAULT_LANGUAGE).toBe('uk')
    expect(LANGUAGE_LOCALES).toEqual({ uk: 'uk-UA', en: 'en-GB' })
  })

  it('accept only uk and en, refusing anything else in Ukrainian', () => {
    expect(isLanguage('en')).toBe(true)
    expect(isLanguage('EN')).toBe(false)
    expect(isLanguage(undefined)).toBe(false)
    const refused = languageSchema.safeParse('de')
    expect(refused.success).toBe(false)
    expect(translateMessage(refused.error?.issues[0]?.message ?? '', 'uk')).toMatch(/^Мова має бути/)
  })
})
