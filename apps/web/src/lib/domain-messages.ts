import { COMMON_UK, registerMessages, translateMessage, VALIDATION_UK } from '@teplo/domain'
import { addEnglishResource, currentLanguage } from './i18n'

// The domain's rules (zod schemas shared with the server) carry keyed messages (ADR 055), rendered in the screen's
// language by the domain's translator. The first page bundles the Ukrainian wording the sign-in screens need (the
// forms' validation); the labels of the signed-in screens come with their strings (domain-labels.ts), the English
// with the other English files. The server renders the texts it stored (a sync reason) in the screen's language
// itself; what comes here keyed is the domain's own (a form's rule).
registerMessages('uk', { common: COMMON_UK, validation: VALIDATION_UK })

let loading: Promise<void> | undefined

function loadEnglishMessages(): Promise<void> {
  loading ??= import('./english-messages').then(
    (module) => module.registerEnglish(),
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
  return (typeof text === 'string' ? translateMessage(text, currentLanguage()) : text) as Text
}
