import { expect, type Page, test } from '@playwright/test'
import type { RoleName } from '@teplo/domain'
import { api, apiToken, useToken } from '../support/api-session'
import { expectNoSidewaysScroll } from '../support/page-width'

// Every screen of the route table (apps/web/src/app/route-table.tsx) holds at 360 px without sideways
// scrolling, opened as the user it is meant for; the side menu's background reaches the page's bottom on a
// desktop.

const PHONE = { width: 360, height: 740 }

const tokens: Partial<Record<RoleName, string>> = {}
const ids: Record<'role' | 'user' | 'category' | 'item', string> = {
  role: '',
  user: '',
  category: '',
  item: '',
}

test.beforeAll(async ({ request }) => {
  for (const role of ['admin', 'creator', 'user'] as const) tokens[role] = await apiToken(request, role)
  const first = async (path: string) =>
    (await api<{ data: { id: string }[] }>(request, tokens.admin!, 'GET', path)).data[0]?.id ?? ''
  ids.role = await first('roles')
  ids.user = await first('users')
  ids.category = await first('categories')
  ids.item = await first('items')
})

/** Opens a screen, waits for what it loads (the dashboard's sections come in later) and checks its width. */
async function visit(page: Page, path: string, ready?: (page: Page) => Promise<void>) {
  await page.goto(path)
  // A link without a valid invitation says so in an alert, without a heading.
  const shown = path.startsWith('/invitations/')
    ? page.getByRole('alert')
    : page.getByRole('heading', { level: 1 })
  await expect(shown.first()).toBeVisible()
  await page.waitForLoadState('networkidle')
  if (ready) await ready(page)
  await expectNoSidewaysScroll(page, path)
}

const dashboardReady = async (page: Page) => {
  await expect(page.getByRole('region', { name: 'Тижневий розклад' }).first()).toBeVisible({
    timeout: 20_000,
  })
  await expect(page.getByTestId('history-chart').first()).toBeVisible({ timeout: 20_000 })
  await expect(page.getByRole('region', { name: 'Паливо' }).first()).toBeVisible({ timeout: 20_000 })
  await expect(page.getByRole('region', { name: 'Доступ' }).first()).toBeVisible({ timeout: 20_000 })
}

test.describe('at 360 px', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize(PHONE)
  })

  test('the sign-in screens, the templates and the error pages', async ({ page }) => {
    test.setTimeout(120_000)
    const screens = [
      '/login',
      '/register',
      '/password/email',
      '/password/reset?email=someone%40teplo.test',
      '/invitations/accept?token=missing',
      '/500',
      '/no-such-page',
      '/pages/faq',
      ...['signin', 'signup', 'reset', 'verification'].flatMap((kind) =>
        ['basic', 'cover', 'illustration'].map((variant) => `/authentication/${kind}/${variant}`),
      ),
    ]
    for (const path of screens) await visit(page, path)
  })

  test("the administrator's screens", async ({ page }) => {
    test.setTimeout(180_000)
    await useToken(page, tokens.admin!)
    await visit(page, '/dashboards', dashboardReady)
    const screens = [
      '/update',
      '/service',
      '/account/settings',
      '/items/errors',
      '/items/claim',
      '/roles/list',
      '/roles/new',
      `/roles/edit/${ids.role}`,
      '/users/list',
      '/users/new',
      `/users/edit/${ids.user}`,
      '/categories/list',
      '/categories/new',
      `/categories/edit/${ids.category}`,
      '/items',
      '/items/new',
      `/items/edit/${ids.item}`,
      '/fleet',
      '/pages/faq',
      '/pages/profile/teams',
      ...['basic', 'cover', 'illustration'].map((variant) => `/authentication/lock/${variant}`),
    ]
    for (const path of screens) await visit(page, path)
  })

  test("the installer's and the owner's screens", async ({ page, context }) => {
    test.setTimeout(120_000)
    await useToken(page, tokens.creator!)
    for (const path of ['/fleet', '/items', '/items/new', '/update', '/service', '/account/settings'])
      await visit(page, path)
    await context.clearCookies()
    const owner = await context.newPage()
    await owner.setViewportSize(PHONE)
    await useToken(owner, tokens.user!)
    await visit(owner, '/dashboards', dashboardReady)
    for (const path of ['/update', '/service', '/account/settings', '/items/errors', '/pages/profile/teams'])
      await visit(owner, path)
  })
})

test('the side menu reaches the bottom of a long page on a wide screen', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  await useToken(page, tokens.admin!)
  await page.goto('/dashboards')
  await dashboardReady(page)
  const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight)
  expect(pageHeight, 'a page taller than the screen').toBeGreaterThan(900 * 2)
  // The menu's column, background and border, runs as far down as the page (a full-page picture included).
  const column = await page.locator('.MuiDrawer-docked').evaluate((element) => {
    const box = element.getBoundingClientRect()
    return {
      top: box.top + window.scrollY,
      bottom: box.bottom + window.scrollY,
      color: getComputedStyle(element).backgroundColor,
    }
  })
  expect(column.top).toBeLessThanOrEqual(0)
  expect(column.bottom).toBeGreaterThanOrEqual(pageHeight)
  expect(column.color).not.toBe('rgba(0, 0, 0, 0)')
  // Scrolled to the bottom, the menu itself is still on screen from top to bottom.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
  const menu = page
    .locator('.MuiDrawer-paper')
    .filter({ has: page.getByRole('navigation', { name: 'Головне меню' }) })
  await expect(menu.getByRole('link', { name: 'Головна' })).toBeInViewport()
  const box = await menu.boundingBox()
  expect(box!.y).toBeLessThanOrEqual(0)
  expect(box!.y + box!.height).toBeGreaterThanOrEqual(900)
})
