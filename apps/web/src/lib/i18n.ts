import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import uk from '../locales/uk.json'

export const defaultNS = 'translation'
export const resources = { uk: { translation: uk } } as const

i18next.use(initReactI18next).init({
  lng: 'uk',
  fallbackLng: 'uk',
  defaultNS,
  resources,
  // The first page's strings are bundled, so there is nothing to wait for.
  initAsync: false,
  interpolation: { escapeValue: false },
})

export function addScreenStrings(strings: Record<string, unknown>) {
  i18next.addResourceBundle('uk', defaultNS, strings, true, false)
}

let screenStrings: Promise<void> | undefined

// The strings of the signed-in screens travel with those screens, keeping the first visit to /login small.
export function loadScreenStrings(): Promise<void> {
  screenStrings ??= import('../locales/uk-screens.json').then(
    (module) => addScreenStrings(module.default),
    (error: unknown) => {
      // A failed load is not kept: the next screen tries again.
      screenStrings = undefined
      throw error
    },
  )
  return screenStrings
}

export default i18next
