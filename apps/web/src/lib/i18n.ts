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
  // Resources are bundled, so there is nothing to wait for.
  initAsync: false,
  interpolation: { escapeValue: false },
})

export default i18next
