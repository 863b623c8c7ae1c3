import type { Language } from '../languages'
import { MESSAGES_EN } from './en'
import { decodeMessage } from './message'
import { hasMessage, translateMessage } from './messages'
import { compileCatalogue, type Translator } from './translate'

export { EN_MESSAGES, registerAllMessages, UK_MESSAGES } from './locales'
export type { MessagesOf } from './locales/shape'
export { common as COMMON_UK } from './locales/uk/common'
export { labels as LABELS_UK } from './locales/uk/labels'
export { pellets as PELLETS_UK } from './locales/uk/pellets'
export { validation as VALIDATION_UK } from './locales/uk/validation'
export { type DecodedMessage, decodeMessage, type MessageKey, type MessageParams, msg } from './message'
export { hasMessage, registerMessages, translateMessage } from './messages'
export { type Catalogue, compileCatalogue, type Translator } from './translate'

let english: Translator | undefined

/**
 * A message of the domain or the server in the given language. A keyed message (`msg(…)`, ADR 055) is rendered
 * from the registered wording; a Ukrainian text not yet given a key (ADR 032, being retired) comes back as it is
 * in Ukrainian and from the old catalogue in English.
 */
export function translate(text: string, language: Language): string {
  const decoded = decodeMessage(text)
  if (decoded && hasMessage(decoded.key)) return translateMessage(text, language)
  if (language === 'uk') return text
  english ??= compileCatalogue(MESSAGES_EN)
  return english(text)
}
