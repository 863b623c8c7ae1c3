import 'i18next'
import type uk from '../locales/uk.json'
import type alarms from '../locales/uk-alarms.json'
import type history from '../locales/uk-history.json'
import type screens from '../locales/uk-screens.json'

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation'
    resources: { translation: typeof uk & typeof screens & typeof history & typeof alarms }
  }
}
