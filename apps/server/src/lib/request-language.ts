import type { Language } from '@teplo/domain'
import { acceptedLanguage } from './accept-language.ts'

interface LanguageSource {
  headers: { 'accept-language'?: string | string[] | undefined }
  /** The signed-in account, once authenticated. */
  auth?: { language: Language } | null
}

/**
 * The language a request is answered in (ADR 032): what its `Accept-Language` asks for among ours (the web sends
 * the screen's language), else the signed-in account's language, else Ukrainian.
 */
export function requestLanguage(request: LanguageSource): Language {
  return acceptedLanguage(request.headers['accept-language']) ?? request.auth?.language ?? 'uk'
}
