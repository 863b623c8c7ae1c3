import type { Language } from '../languages'
import { MESSAGES_EN } from './en'
import { compileCatalogue, type Translator } from './translate'

export { type Catalogue, compileCatalogue, type Translator } from './translate'

let english: Translator | undefined

/**
 * A Ukrainian message of the domain or the server in the given language (ADR 032): Ukrainian is the message id,
 * so it comes back as it is; in English from the catalogue, its interpolated parts translated in turn. A text
 * the catalogue does not know (a name, an address, zod's own message) comes back unchanged.
 */
export function translate(text: string, language: Language): string {
  if (language === 'uk') return text
  english ??= compileCatalogue(MESSAGES_EN)
  return english(text)
}
