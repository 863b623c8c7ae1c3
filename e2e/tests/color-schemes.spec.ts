import { expect, type Page, test } from '@playwright/test'
import { useToken } from '../support/api-session'
import { severeAxeFindings } from '../support/screen-check'
import { screenSession } from '../support/screens'

// The dark theme follows the system unless chosen in account settings and shows from the first paint; the
// browser's bar (theme-color) and the offline page follow the chosen scheme too. Every screen in both schemes:
// screens.spec.ts.

let session: Awaited<ReturnType<typeof screenSession>>

test.beforeAll(async ({ request }) => {
  session = await screenSession(request)
})

const scheme = (page: Page) =>
  page.evaluate(() => (document.documentElement.hasAttribute('data-dark') ? 'dark' : 'light'))

/** The colours of the browser's bar, one per theme-color meta. */
const barColours = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll('meta[name="theme-color"]'), (meta) => meta.getAttribute('content')),
  )

test('the theme follows the system, a choice in account settings overrides it, and it shows from the first paint', async ({
  page,
}) => {
  // Four page loads with the chart: more than the default 30 s on a busy machine.
  test.setTimeout(90_000)
  // Whether <html> already carried the dark scheme when the page's body began: no light flash before React.
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      if (!document.body) return
      ;(window as unknown as { darkAtFirstPaint: boolean }).darkAtFirstPaint =
        document.documentElement.hasAttribute('data-dark')
      observer.disconnect()
    })
    observer.observe(document, { childList: true, subtree: true })
  })
  const darkAtFirstPaint = () =>
    page.evaluate(() => (window as unknown as { darkAtFirstPaint: boolean }).darkAtFirstPaint)
  await useToken(page, session.tokens.admin)

  await page.emulateMedia({ colorScheme: 'dark' })
  await page.goto('/account/settings')
  const appearance = page.getByRole('region', { name: 'Тема оформлення' })
  await expect(appearance.getByRole('radio', { name: 'Як у системі' })).toBeChecked()
  expect(await scheme(page)).toBe('dark')
  expect(await darkAtFirstPaint()).toBe(true)
  // Both theme-color metas (light and dark media) carry the scheme in use: the browser's bar matches the page.
  expect(await barColours(page)).toEqual(['#1c1917', '#1c1917'])
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor)
  const darkBackground = await background()

  // Light chosen on a dark system: light at once, and after a reload from the first paint.
  await appearance.getByRole('radio', { name: 'Світла' }).check()
  await expect.poll(() => scheme(page)).toBe('light')
  expect(await background()).not.toBe(darkBackground)
  await expect.poll(() => barColours(page)).toEqual(['#c2410c', '#c2410c'])
  await page.reload()
  await expect(appearance.getByRole('radio', { name: 'Світла' })).toBeChecked()
  expect(await darkAtFirstPaint()).toBe(false)
  expect(await barColours(page)).toEqual(['#c2410c', '#c2410c'])

  // Dark chosen on a light system: remembered in this browser.
  await page.emulateMedia({ colorScheme: 'light' })
  await appearance.getByRole('radio', { name: 'Темна' }).check()
  await expect.poll(() => scheme(page)).toBe('dark')
  await expect.poll(() => barColours(page)).toEqual(['#1c1917', '#1c1917'])
  await page.goto('/dashboards')
  expect(await darkAtFirstPaint()).toBe(true)
  expect(await barColours(page)).toEqual(['#1c1917', '#1c1917'])
  // The chart is drawn in the scheme's colours (ECharts' own SVG): the axis names in its secondary text colour.
  const axisName = page.getByTestId('history-chart').locator('text', { hasText: '°C' }).first()
  await expect(axisName).toHaveAttribute('fill', '#b8b2ad', { timeout: 20_000 })

  // Back to the system's choice; a change of the system's scheme redraws the chart at once.
  await page.goto('/account/settings')
  await appearance.getByRole('radio', { name: 'Як у системі' }).check()
  await expect.poll(() => scheme(page)).toBe('light')
  await page.goto('/dashboards')
  await expect(axisName).toHaveAttribute('fill', '#57534e', { timeout: 20_000 })
  await page.emulateMedia({ colorScheme: 'dark' })
  await expect.poll(() => scheme(page)).toBe('dark')
  await expect(axisName).toHaveAttribute('fill', '#b8b2ad')
})

test('the offline page takes the scheme and the language chosen in this browser, not only the system', async ({
  browser,
}) => {
  // A light system, dark and English chosen in the app: the offline page is dark and English from its first paint.
  const context = await browser.newContext({ colorScheme: 'light' })
  const page = await context.newPage()
  await page.goto('/login')
  await page.evaluate(() => {
    localStorage.setItem('mui-mode', 'dark')
    localStorage.setItem('teplo.language', 'en')
  })
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
    if (!navigator.serviceWorker.controller)
      await new Promise((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
      )
  })
  await context.setOffline(true)
  await page.goto('/dashboards').catch(() => undefined)
  await expect(page.getByRole('heading', { name: 'No internet connection' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('en')
  expect(await scheme(page)).toBe('dark')
  expect(await barColours(page)).toEqual(['#1c1917'])
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(18, 16, 14)')
  expect(await severeAxeFindings(page), 'offline page (dark)').toEqual([])

  // Light chosen on a dark system: light, with the brand's bar.
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.evaluate(() => localStorage.setItem('mui-mode', 'light'))
  await page.reload().catch(() => undefined)
  await expect(page.getByRole('heading', { name: 'No internet connection' })).toBeVisible()
  expect(await scheme(page)).toBe('light')
  expect(await barColours(page)).toEqual(['#c2410c'])
  expect(await severeAxeFindings(page), 'offline page (light)').toEqual([])

  // The system's choice: it follows a change of the system while shown.
  await page.evaluate(() => localStorage.removeItem('mui-mode'))
  await page.emulateMedia({ colorScheme: 'light' })
  await page.reload().catch(() => undefined)
  await expect(page.getByRole('heading', { name: 'No internet connection' })).toBeVisible()
  expect(await scheme(page)).toBe('light')
  await page.emulateMedia({ colorScheme: 'dark' })
  await expect.poll(() => scheme(page)).toBe('dark')
  expect(await barColours(page)).toEqual(['#1c1917'])
  await context.close()
})
