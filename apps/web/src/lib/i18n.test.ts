import { describe, expect, it } from 'vitest'
import { formatDate, formatDateTime } from './dates'
import i18next, {
  addEnglishResource,
  addScreenStrings,
  currentLanguage,
  intlLocale,
  setLanguage,
  startLanguage,
  storedLanguage,
  stringsReady,
} from './i18n'
import { formatNumber } from './numbers'

describe('the language', () => {
  it('is Ukrainian by default, with the Ukrainian formats', () => {
    expect(currentLanguage()).toBe('uk')
    expect(intlLocale()).toBe('uk-UA')
    expect(i18next.t('auth.login.submit')).toBe('Увійти')
  })

  it('switches every text, the document language and the formats to English, and is remembered by the browser', async () => {
    await setLanguage('en')
    expect(i18next.t('auth.login.submit')).toBe('Sign in')
    // A signed-in screen's strings (uk-screens.json → en-screens.json) follow as well.
    expect(i18next.t('account.language.title')).toBe('Language')
    expect(document.documentElement.lang).toBe('en')
    expect(intlLocale()).toBe('en-GB')
    expect(storedLanguage()).toBe('en')

    await setLanguage('uk')
    expect(i18next.t('auth.login.submit')).toBe('Увійти')
    expect(document.documentElement.lang).toBe('uk')
    expect(storedLanguage()).toBe('uk')
  })

  it("fetches a feature's English file only in English", async () => {
    let fetched = 0
    const english = async () => {
      fetched += 1
      return { default: { probe: { text: 'Hopper refilled' } } }
    }
    addScreenStrings({ probe: { text: 'Засипав бункер' } }, english)
    expect(fetched).toBe(0)
    expect(i18next.t('probe.text' as never)).toBe('Засипав бункер')

    await setLanguage('en')
    expect(fetched).toBe(1)
    expect(i18next.t('probe.text' as never)).toBe('Hopper refilled')
  })

  it('fetches the English of code that arrives while English is still being switched to, before that screen shows', async () => {
    // The router loads the first screen while the browser's English is on its way (main.tsx, router.tsx).
    let fetched = 0
    const english = async () => {
      fetched += 1
      return { default: { probe: { late: 'Arrived during the switch' } } }
    }
    const switched = setLanguage('en')
    addScreenStrings({ probe: { late: 'Прибуло під час перемикання' } }, english)
    let resourceLoaded = false
    addEnglishResource(async () => {
      resourceLoaded = true
    })
    await stringsReady()
    expect(currentLanguage()).toBe('en')
    expect(fetched).toBe(1)
    expect(resourceLoaded).toBe(true)
    expect(i18next.t('probe.late' as never)).toBe('Arrived during the switch')
    await switched
  })

  it('uses plural forms of each language', async () => {
    expect(i18next.t('shell.notifications.labelUnread', { count: 5 })).toBe('Сповіщення: 5 непрочитаних')
    await setLanguage('en')
    expect(i18next.t('shell.notifications.labelUnread', { count: 1 })).toBe('Notifications: 1 unread')
  })

  it('starts in the language this browser chose before', async () => {
    localStorage.setItem('teplo.language', 'en')
    await startLanguage()
    expect(currentLanguage()).toBe('en')
    expect(document.documentElement.lang).toBe('en')
  })

  it('ignores a stored value that is no language of the app', () => {
    localStorage.setItem('teplo.language', 'de')
    expect(storedLanguage()).toBe('uk')
  })
})

describe('formats follow the language', () => {
  it('writes dates as dd.mm.yy in Ukrainian and dd/mm/yy in English', async () => {
    expect(formatDate('2026-11-26 10:00:00', 'UTC')).toBe('26.11.26')
    expect(formatDateTime('2026-11-26 18:05:00', 'UTC')).toBe('26.11.26 18:05')
    await setLanguage('en')
    expect(formatDate('2026-11-26 10:00:00', 'UTC')).toBe('26/11/26')
    expect(formatDateTime('2026-11-26 18:05:00', 'UTC')).toBe('26/11/26 18:05')
  })

  it('writes decimals with a comma in Ukrainian and a point in English', async () => {
    expect(formatNumber(1234.56)).toBe('1\u00a0234,6')
    await setLanguage('en')
    expect(formatNumber(1234.56)).toBe('1,234.6')
    expect(formatNumber(4.8, 0)).toBe('5')
  })
})
