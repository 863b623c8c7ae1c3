import { expect, type Page, test } from '@playwright/test'
import { useToken } from '../support/api-session'
import { expectNoSidewaysScroll } from '../support/page-width'
import { severeAxeFindings } from '../support/screen-check'
import { GUEST_SCREENS, openScreen, screenSession, signedInScreens } from '../support/screens'

// Every screen of the route table (support/screens.ts), opened once as the user it is meant for: axe's serious
// and critical findings (colour contrast included) stay at zero in the light and in the dark scheme at desktop
// width, and the screen holds at 360 px without sideways scrolling. One page load serves all three checks: the
// scheme and the width change on the loaded screen, as they do when a phone turns dark or a window narrows.
// Findings are collected screen by screen (expect.soft), so one run names every screen that needs a fix.

const DESKTOP = { width: 1280, height: 720 }
const PHONE = { width: 360, height: 740 }

let session: Awaited<ReturnType<typeof screenSession>>

test.beforeAll(async ({ request }) => {
  session = await screenSession(request)
})

const scheme = (page: Page) =>
  page.evaluate(() => (document.documentElement.hasAttribute('data-dark') ? 'dark' : 'light'))

async function checkScreens(page: Page, paths: readonly string[]) {
  for (const path of paths) {
    await page.setViewportSize(DESKTOP)
    await page.emulateMedia({ colorScheme: 'light' })
    await openScreen(page, path)
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme })
      await expect.poll(() => scheme(page), path).toBe(colorScheme)
      expect.soft(await severeAxeFindings(page), `${path} (${colorScheme})`).toEqual([])
    }
    await page.screenshot({ path: test.info().outputPath(`dark${path.replaceAll(/[/?=%]/g, '-')}.png`) })
    await page.setViewportSize(PHONE)
    // The layout settles in the next frames (media queries, the charts' resize observers).
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    )
    await expectNoSidewaysScroll(page, `${path} (360 px)`)
  }
}

test('the sign-in screens, the templates and the error pages', async ({ page }) => {
  test.setTimeout(240_000)
  await checkScreens(page, GUEST_SCREENS)
})

test("the administrator's screens", async ({ page }) => {
  test.setTimeout(360_000)
  await useToken(page, session.tokens.admin)
  await checkScreens(page, signedInScreens(session.ids).admin)
})

test("the installer's and the owner's screens", async ({ browser }) => {
  test.setTimeout(240_000)
  const screens = signedInScreens(session.ids)
  for (const role of ['creator', 'user'] as const) {
    const context = await browser.newContext()
    const page = await context.newPage()
    await useToken(page, session.tokens[role])
    await checkScreens(page, screens[role])
    await context.close()
  }
})
