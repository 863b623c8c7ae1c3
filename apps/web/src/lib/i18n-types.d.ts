import 'i18next'
import type uk from '../locales/uk.json'
import type fleet from '../locales/uk-fleet.json'
import type history from '../locales/uk-history.json'
import type push from '../locales/uk-push.json'
import type screens from '../locales/uk-screens.json'
import type sharing from '../locales/uk-sharing.json'

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation'
    resources: {
      translation: typeof uk & typeof screens & typeof history & typeof sharing & typeof push & typeof fleet
    }
  }
}
