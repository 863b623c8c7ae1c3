import { cleanup } from '@testing-library/react'
import { afterEach, vi } from 'vitest'
import { addScreenStrings } from '../lib/i18n'
import { resetReachability } from '../lib/server-reachability'
import screens from '../locales/uk-screens.json'

// Components are tested without their route loaders, so every string is there from the start.
addScreenStrings(screens)

afterEach(() => {
  cleanup()
  localStorage.clear()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  resetReachability()
})
