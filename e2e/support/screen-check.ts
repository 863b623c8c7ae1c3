import AxeBuilder from '@axe-core/playwright'
import { expect, type Page, test } from '@playwright/test'

// Transitions snap to their end: a notice fading out mid-check would be measured at half its contrast.
const NO_MOTION = '*, *::before, *::after { transition: none !important; animation: none !important; }'

/** No serious or critical axe violation, and a screenshot at phone and desktop width for review. */
export async function checkScreen(page: Page, name: string) {
  await page.addStyleTag({ content: NO_MOTION })
  const viewport = page.viewportSize()
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 800 })
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true })
  }
  if (viewport) await page.setViewportSize(viewport)
  await expectNoSevereAxeFindings(page)
}

/** Axe's serious and critical findings (colour contrast included) on the page as it is now, one line each. */
export async function severeAxeFindings(page: Page): Promise<string[]> {
  await page.addStyleTag({ content: NO_MOTION })
  const results = await new AxeBuilder({ page }).analyze()
  const severe = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  return severe.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

/** Axe alone (colour contrast included): no serious or critical finding on the page as it is now. */
export async function expectNoSevereAxeFindings(page: Page, label = '') {
  expect(await severeAxeFindings(page), label).toEqual([])
}

/** Every axe violation, whatever its impact (best practices included), on the page as it is now, one line each. */
export async function axeFindings(page: Page): Promise<string[]> {
  await page.addStyleTag({ content: NO_MOTION })
  const results = await new AxeBuilder({ page }).analyze()
  return results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  )
}
