import { expect, type Page, test } from '@playwright/test'
import type { RoleName } from '@teplo/domain'
import { apiToken, useToken } from '../support/api-session'
import { expectNoSevereAxeFindings } from '../support/screen-check'

// The dark theme follows the system unless chosen in account settings, shows from the first paint, and the main
// screens keep axe's serious and critical findings (colour contrast included) at zero in both schemes.

const tokens: Partial<Record<RoleName, string>> = {}

test.beforeAll(async ({ request }) => {
  tokens.admin = await apiToken(request, 'admin')
  tokens.creator = await apiToken(request, 'creator')
})

const scheme = (page: Page) =>
  page.evaluate(() => (document.documentElement.hasAttribute('data-dark') ? 'dark' : 'light'))

const screens: { path: string; role?: RoleName; ready: (page: Page) => Promise<void> }[] = [
  { path: '/login', ready: (page) => expect(page.getByRole('button', { name: 'Увійти' })).toBeVisible() },
  {
    path: '/items',
    role: 'admin',
    ready: (page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible(),
  },
  {
    path: '/dashboards',
    role: 'admin',
    ready: async (page) => {
      await expect(page.getByTestId('history-chart')).toBeVisible({ timeout: 20_000 })
      await expect(page.getByTestId('consumption-totals')).toBeVisible({ timeout: 20_000 })
      await expect(page.getByRole('region', { name: 'Доступ' })).toBeVisible({ timeout: 20_000 })
    },
  },
  {
    path: '/items/errors',
    role: 'admin',
    ready: (page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible(),
  },
  {
    path: '/account/settings',
    role: 'admin',
    ready: (page) => expect(page.getByRole('region', { name: 'Тема оформлення' })).toBeVisible(),
  },
  {
    path: '/service',
    role: 'admin',
    ready: (page) => expect(page.getByRole('heading', { name: 'Подавач палива (шнек)' })).toBeVisible(),
  },
  {
    path: '/update',
    role: 'admin',
    ready: (page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible(),
  },
  {
    path: '/fleet',
    role: 'creator',
    ready: (page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible(),
  },
  {
    path: '/users/list',
    role: 'admin',
    ready: (page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible(),
  },
]

for (const colorScheme of ['dark', 'light'] as const) {
  test(`the main screens in the ${colorScheme} scheme: no serious or critical axe finding`, async ({
    browser,
  }) => {
    test.setTimeout(180_000)
    for (const { path, role, ready } of screens) {
      const context = await browser.newContext({ colorScheme })
      const page = await context.newPage()
      if (role) await useToken(page, tokens[role]!)
      await page.goto(path)
      await ready(page)
      await page.waitForLoadState('networkidle')
      expect(await scheme(page), path).toBe(colorScheme)
      await expectNoSevereAxeFindings(page, `${path} (${colorScheme})`)
      await page.screenshot({
        path: test.info().outputPath(`${colorScheme}${path.replaceAll('/', '-')}.png`),
      })
      await context.close()
    }
  })
}

test('the theme follows the system, a choice in account settings overrides it, and it shows from the first paint', async ({
  page,
}) => {
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
  await useToken(page, tokens.admin!)

  await page.emulateMedia({ colorScheme: 'dark' })
  await page.goto('/account/settings')
  const appearance = page.getByRole('region', { name: 'Тема оформлення' })
  await expect(appearance.getByRole('radio', { name: 'Як у системі' })).toBeChecked()
  expect(await scheme(page)).toBe('dark')
  expect(await darkAtFirstPaint()).toBe(true)
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor)
  const darkBackground = await background()

  // Light chosen on a dark system: light at once, and after a reload from the first paint.
  await appearance.getByRole('radio', { name: 'Світла' }).check()
  await expect.poll(() => scheme(page)).toBe('light')
  expect(await background()).not.toBe(darkBackground)
  await page.reload()
  await expect(appearance.getByRole('radio', { name: 'Світла' })).toBeChecked()
  expect(await darkAtFirstPaint()).toBe(false)

  // Dark chosen on a light system: remembered in this browser.
  await page.emulateMedia({ colorScheme: 'light' })
  await appearance.getByRole('radio', { name: 'Темна' }).check()
  await expect.poll(() => scheme(page)).toBe('dark')
  await page.goto('/dashboards')
  expect(await darkAtFirstPaint()).toBe(true)
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
