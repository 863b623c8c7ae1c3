import { addEnglishResource, currentLanguage } from './i18n'

// The domain's rules (zod schemas shared with the server) carry Ukrainian messages; English screens show them from
// the domain's catalogue (ADR 032), loaded with the other English files.
let toEnglish: ((text: string) => string) | null = null
let loading: Promise<void> | undefined

function loadEnglishMessages(): Promise<void> {
  loading ??= import('./english-messages').then(
    (module) => {
      toEnglish = module.toEnglish
    },
    (error: unknown) => {
      // A failed load is not kept: the next switch tries again; meanwhile the Ukrainian message shows.
      loading = undefined
      throw error
    },
  )
  return loading
}

addEnglishResource(loadEnglishMessages)

/**
 * A message of the domain's rules (a form field's error) or one the server stored in Ukrainian (a controller's
 * refusal, a failed update's reason) in the current language; a text the catalogue does not know stays as it is.
 */
export function domainMessage<Text extends string | null | undefined>(text: Text): Text {
  if (typeof text !== 'string' || !toEnglish || currentLanguage() !== 'en') return text
  try {
    return toEnglish(text) as Text
  } catch {
    return text
  }
}
