import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test'
import { api, useToken } from '../support/api-session'
import { expectNoSidewaysScroll } from '../support/page-width'
import { axeFindings } from '../support/screen-check'
import {
  GUEST_SCREENS,
  openScreen,
  type ScreenLanguage,
  type ScreenTokens,
  screenSession,
  signedInScreens,
} from '../support/screens'

// Every screen of the route table (support/screens.ts), opened as the user it is meant for: no axe violation of
// any impact (colour contrast and best practices included) at desktop and phone width, in Ukrainian and English,
// in the light and the dark scheme, and no sideways scrolling at 360 px. A pairwise design keeps it to two loads a
// screen, one per language; the width and the scheme change on the loaded screen, as they do when a phone turns
// dark or a window narrows:
//   Ukrainian: 1280 px light, then 360 px dark;   English: 1280 px dark, then 360 px light.
// Findings are collected screen by screen (expect.soft), so one run names every screen that needs a fix.

const DESKTOP = { width: 1280, height: 720 }
const PHONE = { width: 360, height: 740 }
type Scheme = 'light' | 'dark'
const PAIRS: Record<ScreenLanguage, [Scheme, Scheme]> = { uk: ['light', 'dark'], en: ['dark', 'light'] }

let session: Awaited<ReturnType<typeof screenSession>>

test.beforeAll(async ({ request }) => {
  session = await screenSession(request)
})

const scheme = (page: Page) =>
  page.evaluate(() => (document.documentElement.hasAttribute('data-dark') ? 'dark' : 'light'))

async function check(page: Page, label: string, colorScheme: Scheme) {
  await page.emulateMedia({ colorScheme })
  await expect.poll(() => scheme(page), label).toBe(colorScheme)
  // The layout settles in the next frames (media queries, the charts' resize observers).
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  )
  expect.soft(await axeFindings(page), label).toEqual([])
}

async function checkScreens(page: Page, paths: readonly string[], language: ScreenLanguage) {
  const [desktopScheme, phoneScheme] = PAIRS[language]
  for (const path of paths) {
    await page.setViewportSize(DESKTOP)
    await page.emulateMedia({ colorScheme: desktopScheme })
    await openScreen(page, path, language)
    await expect(page.locator('html')).toHaveAttribute('lang', language)
    await check(page, `${path} (${language}, 1280 px, ${desktopScheme})`, desktopScheme)
    await page.setViewportSize(PHONE)
    await check(page, `${path} (${language}, 360 px, ${phoneScheme})`, phoneScheme)
    if (language === 'en')
      await page.screenshot({ path: test.info().outputPath(`en${path.replaceAll(/[/?=%]/g, '-')}.png`) })
    await expectNoSidewaysScroll(page, `${path} (${language}, 360 px)`)
  }
}

/** A page of its own whose screens speak `language`: the browser's choice before signing in. */
async function pageIn(browser: Browser, language: ScreenLanguage, token?: string) {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.addInitScript((value) => localStorage.setItem('teplo.language', value), language)
  if (token) await useToken(page, token)
  return { page, close: () => context.close() }
}

/** Signed in, the account's language wins: it is set for the pass and given back afterwards. */
async function checkSignedIn(
  browser: Browser,
  request: APIRequestContext,
  role: keyof ScreenTokens,
  paths: readonly string[],
) {
  const token = session.tokens[role]
  try {
    for (const language of ['uk', 'en'] as const) {
      await api(request, token, 'PATCH', 'me', { language })
      const { page, close } = await pageIn(browser, language, token)
      await checkScreens(page, paths, language)
      await close()
    }
  } finally {
    await api(request, token, 'PATCH', 'me', { language: 'uk' })
  }
}

test('the sign-in screens, the templates and the error pages', async ({ browser }) => {
  test.setTimeout(480_000)
  for (const language of ['uk', 'en'] as const) {
    const { page, close } = await pageIn(browser, language)
    await checkScreens(page, GUEST_SCREENS, language)
    await close()
  }
})

test("the administrator's screens", async ({ browser, request }) => {
  test.setTimeout(720_000)
  await checkSignedIn(browser, request, 'admin', signedInScreens(session.ids).admin)
})

test("the installer's and the owner's screens", async ({ browser, request }) => {
  test.setTimeout(480_000)
  const screens = signedInScreens(session.ids)
  for (const role of ['creator', 'user'] as const) await checkSignedIn(browser, request, role, screens[role])
})
