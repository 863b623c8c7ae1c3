import { cleanup } from '@testing-library/react'
import { afterEach, vi } from 'vitest'
import i18next, { addScreenStrings } from '../lib/i18n'
import { resetReachability } from '../lib/server-reachability'
import screens from '../locales/uk-screens.json'

// Components are tested without their route loaders, so every string is there from the start.
addScreenStrings(screens, () => import('../locales/en-screens.json'))

afterEach(async () => {
  cleanup()
  // A test that switched to English leaves the next one in Ukrainian, the default.
  if (i18next.language !== 'uk') await i18next.changeLanguage('uk')
  localStorage.clear()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  resetReachability()
})
