import { expect, test } from '@playwright/test'
import { useToken } from '../support/api-session'
import { openScreen, screenSession } from '../support/screens'

// The side menu's background reaches the page's bottom on a desktop. Every screen at 360 px: screens.spec.ts.

let session: Awaited<ReturnType<typeof screenSession>>

test.beforeAll(async ({ request }) => {
  session = await screenSession(request)
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
