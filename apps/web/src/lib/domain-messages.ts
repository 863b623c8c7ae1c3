import {
  COMMON_UK,
  decodeMessage,
  hasMessage,
  registerMessages,
  translateMessage,
  VALIDATION_UK,
} from '@teplo/domain'
import { addEnglishResource, currentLanguage } from './i18n'

// The domain's rules (zod schemas shared with the server) carry keyed messages (ADR 055), rendered in the screen's
// language by the domain's translator. The first page bundles the Ukrainian wording the sign-in screens need (the
// forms' validation); the labels of the signed-in screens come with their strings (domain-labels.ts), the English
// with the other English files. Texts from before keys (ADR 032) are still translated by the old catalogue until
// none is left.
registerMessages('uk', { common: COMMON_UK, validation: VALIDATION_UK })

let toEnglish: ((text: string) => string) | null = null
let loading: Promise<void> | undefined

function loadEnglishMessages(): Promise<void> {
  loading ??= import('./english-messages').then(
    (module) => {
      module.registerEnglish()
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
 * A message of the domain's rules (a form field's error) or one the server stored (a controller's refusal, a
 * failed update's reason) in the current language; a text that is not a message of ours stays as it is.
 */
export function domainMessage<Text extends string | null | undefined>(text: Text): Text {
  if (typeof text !== 'string') return text
  const language = currentLanguage()
  const decoded = decodeMessage(text)
  if (decoded && hasMessage(decoded.key)) return translateMessage(text, language) as Text
  if (!toEnglish || language !== 'en') return text
  try {
    return toEnglish(text) as Text
  } catch {
    return text
  }
}
