import type { Language } from '@teplo/domain'
import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import uk from '../locales/uk.json'

export const defaultNS = 'translation'
export const resources = { uk: { translation: uk } } as const

// Ukrainian is the default and the reference wording; English is loaded only when it is chosen.
// The domain's LANGUAGE_LOCALES and isLanguage, restated: this module runs before anything else and stays off the
// domain package's index (tests replace parts of the domain, and the first page needs none of it here).
const LANGUAGE_LOCALES: Record<Language, string> = { uk: 'uk-UA', en: 'en-GB' }
const isLanguage = (value: unknown): value is Language => value === 'uk' || value === 'en'

const STORAGE_KEY = 'teplo.language'

i18next.use(initReactI18next).init({
  lng: 'uk',
  fallbackLng: 'uk',
  defaultNS,
  resources,
  // The first page's strings are bundled, so there is nothing to wait for.
  initAsync: false,
  interpolation: { escapeValue: false },
  // English strings can arrive after a screen has rendered (a lazily loaded section): it then renders again.
  react: { bindI18nStore: 'added' },
})

const setDocumentLanguage = (language: string) => {
  document.documentElement.lang = language
}
i18next.on('languageChanged', setDocumentLanguage)

export function currentLanguage(): Language {
  return isLanguage(i18next.language) ? i18next.language : 'uk'
}

/** 'uk-UA' or 'en-GB': what Intl formats with in the current language. */
export function intlLocale(language: Language = currentLanguage()): string {
  return LANGUAGE_LOCALES[language]
}

type Strings = Record<string, unknown>
/** A locale file's English twin, fetched as a chunk of its own. */
export type EnglishStrings = () => Promise<{ default: Strings }>

// Which English files the code loaded so far needs; each is fetched once, and only in English.
const englishFiles = new Set<EnglishStrings>([() => import('../locales/en.json')])
const englishLoads = new Map<EnglishStrings, Promise<void>>()

function loadEnglish(file: EnglishStrings): Promise<void> {
  let load = englishLoads.get(file)
  if (!load) {
    load = file().then(
      (module) => {
        i18next.addResourceBundle('en', defaultNS, module.default, true, true)
      },
      (error: unknown) => {
        // A failed load is not kept: the next switch or screen tries again.
        englishLoads.delete(file)
        throw error
      },
    )
    englishLoads.set(file, load)
  }
  return load
}

// English that is not strings: the domain's message catalogue (lib/domain-messages.ts), loaded with the strings.
const englishResources = new Set<() => Promise<void>>()

const loadAllEnglish = () =>
  Promise.all([...[...englishFiles].map(loadEnglish), ...[...englishResources].map((load) => load())])

// The language being switched to, and that switch. The router starts loading the first screen while the browser's
// English is still arriving: English that screen's code registers meanwhile is fetched at once (the switch had
// listed its files already), and the screen waits for the switch before it shows.
let wanted: Language = 'uk'
let switching: Promise<void> = Promise.resolve()
i18next.on('languageChanged', () => {
  wanted = currentLanguage()
})

/** Resolves once every string the loaded screens need is there in the current language. */
export async function stringsReady(): Promise<void> {
  await switching
  if (currentLanguage() === 'en') await loadAllEnglish()
}

/** Another English resource, loaded now in English or when English is chosen; the loader keeps what it loaded. */
export function addEnglishResource(load: () => Promise<void>) {
  englishResources.add(load)
  if (wanted === 'en') load().catch(() => undefined)
}

/**
 * Adds a lazily loaded feature's Ukrainian strings, and names its English file: fetched now in English, or when
 * English is chosen later.
 */
export function addScreenStrings(strings: Strings, english?: EnglishStrings) {
  // Silent: Ukrainian strings come with the code that shows them, so nothing on screen waits for them.
  i18next.addResourceBundle('uk', defaultNS, strings, true, false, { silent: true, skipCopy: false })
  if (!english) return
  englishFiles.add(english)
  if (wanted === 'en') loadEnglish(english).catch(() => undefined)
}

/** The language this browser chose before (or without) signing in. */
export function storedLanguage(): Language {
  try {
    const stored = localStorage.getItem(STORAGE_KEY)
    return isLanguage(stored) ? stored : 'uk'
  } catch {
    return 'uk'
  }
}

/** Switches every text, the document's language and the formats; remembered by this browser. */
export function setLanguage(language: Language): Promise<void> {
  wanted = language
  const switched = (async () => {
    try {
      if (language === 'en') await loadAllEnglish()
    } catch (error) {
      // English did not arrive: the screen stays in the language it had.
      if (wanted === language) wanted = currentLanguage()
      throw error
    }
    try {
      localStorage.setItem(STORAGE_KEY, language)
    } catch {
      // Private modes may refuse storage: the choice then lasts for this visit.
    }
    if (language !== i18next.language) await i18next.changeLanguage(language)
  })()
  switching = switched.catch(() => undefined)
  return switched
}

/** The first render waits for the English shell strings when this browser chose English (Ukrainian otherwise). */
export function startLanguage(): Promise<void> {
  setDocumentLanguage(currentLanguage())
  return storedLanguage() === 'en' ? setLanguage('en').catch(() => undefined) : Promise.resolve()
}

let screenStrings: Promise<void> | undefined

// The strings of the signed-in screens travel with those screens, keeping the first visit to /login small.
export function loadScreenStrings(): Promise<void> {
  // The domain's labels (lib/domain-labels.ts) come with the screens' strings: the screens that show them need both.
  screenStrings ??= Promise.all([import('../locales/uk-screens.json'), import('./domain-labels')]).then(
    ([module]) => addScreenStrings(module.default, () => import('../locales/en-screens.json')),
    (error: unknown) => {
      // A failed load is not kept: the next screen tries again.
      screenStrings = undefined
      throw error
    },
  )
  return screenStrings.then(stringsReady)
}

export default i18next
