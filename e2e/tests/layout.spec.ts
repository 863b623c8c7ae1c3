import { expect, type Page, test } from '@playwright/test'
import { useToken } from '../support/api-session'
import { expectNoSidewaysScroll } from '../support/page-width'
import { GUEST_SCREENS, openScreen, screenSession, signedInScreens } from '../support/screens'

// Every screen of the route table (the list in support/screens.ts) holds at 360 px without sideways scrolling,
// opened as the user it is meant for; the side menu's background reaches the page's bottom on a desktop.

const PHONE = { width: 360, height: 740 }

let session: Awaited<ReturnType<typeof screenSession>>

test.beforeAll(async ({ request }) => {
  session = await screenSession(request)
})

/** Opens a screen, waits for what it loads (the dashboard's sections come in later) and checks its width. */
async function visit(page: Page, path: string) {
  await openScreen(page, path)
  await expectNoSidewaysScroll(page, path)
}

test.describe('at 360 px', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize(PHONE)
  })

  test('the sign-in screens, the templates and the error pages', async ({ page }) => {
    test.setTimeout(120_000)
    for (const path of GUEST_SCREENS) await visit(page, path)
  })

  test("the administrator's screens", async ({ page }) => {
    test.setTimeout(180_000)
    await useToken(page, session.tokens.admin)
    for (const path of signedInScreens(session.ids).admin) await visit(page, path)
  })

  test("the installer's and the owner's screens", async ({ page, context }) => {
    test.setTimeout(120_000)
    const screens = signedInScreens(session.ids)
    await useToken(page, session.tokens.creator)
    for (const path of screens.creator) await visit(page, path)
    await context.clearCookies()
    const owner = await context.newPage()
    await owner.setViewportSize(PHONE)
    await useToken(owner, session.tokens.user)
    for (const path of screens.user) await visit(owner, path)
  })
})

test('the side menu reaches the bottom of a long page on a wide screen', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  await useToken(page, session.tokens.admin)
  await openScreen(page, '/dashboards')
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
  // scrollHeight is rounded to whole pixels, up from a sub-pixel page height (3720.5 → 3721).
  expect(column.bottom).toBeGreaterThanOrEqual(pageHeight - 1)
  expect(column.color).not.toBe('rgba(0, 0, 0, 0)')
  // Scrolled to the bottom, the menu itself is still on screen from top to bottom.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
  const menu = page
    .locator('.MuiDrawer-paper')
    .filter({ has: page.getByRole('navigation', { name: 'Головне меню' }) })
  await expect(menu.getByRole('link', { name: 'Головна' })).toBeInViewport()
  const box = await menu.boundingBox()
  expect(box!.y).toBeLessThanOrEqual(0)
  // The page scrolled to a sub-pixel bottom may leave the menu half a pixel short of the screen's edge.
  expect(box!.y + box!.height).toBeGreaterThanOrEqual(900 - 1)
})
