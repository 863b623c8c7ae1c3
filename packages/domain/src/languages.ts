import { z } from 'zod'
import { msg } from './i18n/message'

/** The languages of the interface, its e-mails and pushes; Ukrainian is the default and the reference wording. */
export const LANGUAGES = ['uk', 'en'] as const
export type Language = (typeof LANGUAGES)[number]

export const DEFAULT_LANGUAGE: Language = 'uk'

/** The locale dates, numbers and units are formatted with in each language. */
export const LANGUAGE_LOCALES: Record<Language, string> = { uk: 'uk-UA', en: 'en-GB' }

/** Each language named in itself, as a language switch offers it. */
export const LANGUAGE_NAMES: Record<Language, string> = { uk: 'Українська', en: 'English' }

export const LANGUAGE_MESSAGE = msg('validation.language.invalid')

export const languageSchema = z.enum(LANGUAGES, { error: LANGUAGE_MESSAGE })

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value)
}
