import i18next, { type i18n, type Resource, type ResourceLanguage } from 'i18next'
import type { Language } from '../languages'
import { decodeMessage } from './message'

/**
 * The one translator of the domain's and the server's messages (ADR 055): i18next with keys and parameters, the
 * library the web's own strings use. Ukrainian is the reference and the fallback; each side registers the
 * wording it needs (the server all of it at start, the web its sections, English only once it is chosen).
 */
const translator: i18n = i18next.createInstance()
void translator.init({
  lng: 'uk',
  fallbackLng: 'uk',
  resources: {} satisfies Resource,
  initAsync: false,
  // Texts for people, not HTML: mails and pages escape what they insert.
  // `{{value, number}}` formats with Intl in the message's language: a decimal comma in Ukrainian, a point in English.
  // A parameter's own text is never read for `{{…}}` or `$t(…)` (a device named so stays as typed).
  interpolation: { escapeValue: false, skipOnVariables: true },
  returnNull: false,
  // Keys are dotted paths; no namespaces in them.
  nsSeparator: false,
})

// Keys here are the domain's (checked by `msg`), not the web's own i18next keys its type augmentation lists.
const lookUp = translator.t.bind(translator) as unknown as (
  key: string,
  options: Record<string, unknown>,
) => string

/** Adds wording for a language (deep-merged: sections may arrive one by one). */
export function registerMessages(language: Language, messages: ResourceLanguage): void {
  translator.addResourceBundle(language, 'translation', messages, true, true)
}

/** Whether the key is known in Ukrainian (the reference wording). */
export function hasMessage(key: string): boolean {
  return translator.exists(key, { lng: 'uk' })
}

// Parameters that are messages themselves (a label inside a refusal) are translated in turn; a cycle stops here.
const MAX_DEPTH = 4

function render(text: string, language: Language, depth: number): string | null {
  const decoded = decodeMessage(text)
  if (!decoded || !hasMessage(decoded.key)) return null
  const params: Record<string, unknown> = {}
  const inTurn = (value: string) =>
    depth < MAX_DEPTH ? (render(value, language, depth + 1) ?? value) : value
  for (const [name, value] of Object.entries(decoded.params)) {
    if (Array.isArray(value)) params[name] = value.map((part) => inTurn(String(part))).join('; ')
    else params[name] = typeof value === 'string' ? inTurn(value) : value
  }
  return lookUp(decoded.key, { ...params, lng: language })
}

/**
 * An encoded message (`msg(…)`) in the given language; any other text — a name, a controller's own words, a text
 * stored before messages had keys — comes back as it is.
 */
export function translateMessage(text: string, language: Language): string {
  return render(text, language, 0) ?? text
}
