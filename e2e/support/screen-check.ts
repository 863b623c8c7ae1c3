import AxeBuilder from '@axe-core/playwright'
import { expect, type Page, test } from '@playwright/test'

/** No serious or critical axe violation, and a screenshot at phone and desktop width for review. */
export async function checkScreen(page: Page, name: string) {
  // Transitions snap to their end: a notice fading out mid-check would be measured at half its contrast.
  await page.addStyleTag({
    content: '*, *::before, *::after { transition: none !important; animation: none !important; }',
  })
  const viewport = page.viewportSize()
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 800 })
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true })
  }
  if (viewport) await page.setViewportSize(viewport)
  const results = await new AxeBuilder({ page }).analyze()
  const severe = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(severe.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
}
