import { cleanup } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, vi } from 'vitest'
import i18next, { addScreenStrings } from '../lib/i18n'
import { resetReachability } from '../lib/server-reachability'
import screens from '../locales/uk-screens.json'

// Components are tested without their route loaders, so every string is there from the start.
addScreenStrings(screens, () => import('../locales/en-screens.json'))

// The domain's Ukrainian wording too (its labels come with the route loaders). Imported once the test file's own
// imports are done: a file that mocks a module of the domain (a test-only setting or alarm kind) gets it mocked.
beforeAll(async () => {
  await import('../lib/domain-labels')
  await import('../lib/domain-messages')
})

// No test reaches a network: a request its stub (test/fetch-stub.ts) does not answer fails as an unreachable
// server does, instead of going to the test page's origin (localhost:3000, where nothing listens).
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      throw new TypeError(`Failed to fetch (no stub answers ${String(input)})`)
    }),
  )
})

afterEach(async () => {
  cleanup()
  // A test that switched to English leaves the next one in Ukrainian, the default.
  if (i18next.language !== 'uk') await i18next.changeLanguage('uk')
  localStorage.clear()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  resetReachability()
})
