import { readFile } from 'node:fs/promises'
import { expect, type Page, test } from '@playwright/test'
import { apiToken, useToken } from '../support/api-session'
import { checkScreen } from '../support/screen-check'

// The demo boilers get a generated past on the server's first start (DEMO_HISTORY_DAYS in playwright.config.ts),
// with one outage: the history shows it as a gap.

let admin: string

test.beforeAll(async ({ request }) => {
  admin = await apiToken(request, 'admin')
})

test.beforeEach(async ({ page }) => {
  await useToken(page, admin)
})

const chart = (page: Page) => page.getByTestId('history-chart')
const gapsShown = async (page: Page) => {
  const label = (await chart(page).getAttribute('aria-label')) ?? ''
  return Number(/; (\d+) періодів без зв/.exec(label)?.[1] ?? 0)
}

test('the history switches ranges, draws the readings and shows the outage as a gap', async ({ page }) => {
  await page.goto('/dashboards')
  const history = page.getByRole('region', { name: 'Історія' })
  await expect(history.getByText('Демонстраційні дані', { exact: false })).toBeVisible({ timeout: 20_000 })
  await expect(chart(page)).toBeVisible()

  // A week holds the generated outage (6 hours without readings), shaded and labelled on the chart.
  const week = page.waitForRequest((request) => request.url().includes('/history?'))
  await history.getByRole('button', { name: '7 днів' }).click()
  const asked = new URL((await week).url())
  expect(Date.parse(asked.searchParams.get('to')!) - Date.parse(asked.searchParams.get('from')!)).toBe(
    7 * 86_400_000,
  )
  await expect.poll(() => gapsShown(page), { timeout: 15_000 }).toBeGreaterThanOrEqual(1)
  await expect(chart(page).getByText("Немає зв'язку").first()).toBeVisible()
  // The lines are drawn: SVG paths of the series.
  expect(await chart(page).locator('path').count()).toBeGreaterThan(10)
  await expect(history.getByText(/крок: 15 хв/)).toBeVisible()

  // Back to a day: the finer step, live points appended.
  await history.getByRole('button', { name: '24 год' }).click()
  await expect(history.getByText(/крок: 1 хв/)).toBeVisible()
  await expect(history.getByText('Оновлюється наживо')).toBeVisible()

  // The shown range as CSV for a spreadsheet.
  const download = page.waitForEvent('download')
  await history.getByRole('button', { name: 'Завантажити CSV' }).click()
  const file = await download
  expect(file.suggestedFilename()).toMatch(/^teplo-100001-.*\.csv$/)
  const csv = await readFile((await file.path())!, 'utf8')
  expect(csv.startsWith('\uFEFFЧас (Київ);Температура котла (мін)')).toBe(true)
  expect(csv.split('\r\n').length).toBeGreaterThan(100)

  // Fuel: the hopper estimate of the demo boiler and its consumption.
  const fuel = page.getByRole('region', { name: 'Паливо' })
  await expect(fuel.getByText(/У бункері приблизно \d+ кг/)).toBeVisible()
  await expect(page.getByTestId('consumption-totals')).toContainText('кг')
  await checkScreen(page, 'history')
})

test('a custom range that ends before it starts is refused on the spot', async ({ page }) => {
  await page.goto('/dashboards')
  const history = page.getByRole('region', { name: 'Історія' })
  await history.getByRole('button', { name: 'Свій період' }).click()
  await history.getByLabel('Від', { exact: true }).fill('2026-11-20T10:00')
  await history.getByLabel('До', { exact: true }).fill('2026-11-19T10:00')
  await history.getByRole('button', { name: 'Показати' }).click()
  await expect(history.getByText('Початок має бути раніше за кінець')).toBeVisible()
})

const METRIC_NAMES = [
  'Температура котла',
  'Котел, задано',
  'Температура бойлера',
  'Бойлер, задано',
  'Димові гази',
  'Потужність пальника',
  "Яскравість полум'я",
]

test('at 360 px the legend shows every name without a pager, the gap label clear of the axes; a new screen opens below the top bar', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 800 })
  await page.goto('/dashboards')
  const history = page.getByRole('region', { name: 'Історія' })
  await expect(history.getByText('Демонстраційні дані', { exact: false })).toBeVisible({ timeout: 20_000 })
  await history.getByRole('button', { name: '7 днів' }).click()
  await expect.poll(() => gapsShown(page), { timeout: 15_000 }).toBeGreaterThanOrEqual(1)
  await expect(chart(page).getByText("Немає зв'язку").first()).toBeVisible()

  const drawn = await chart(page).evaluate((element) => {
    const box = (node: Element) => {
      const { left, right, top, bottom } = node.getBoundingClientRect()
      return { left, right, top, bottom }
    }
    return {
      chart: box(element),
      texts: Array.from(element.querySelectorAll('text')).map((text) => ({
        text: text.textContent ?? '',
        box: box(text),
      })),
    }
  })
  // No pager («1/7») and every name whole, inside the chart, none over another.
  expect(drawn.texts.filter(({ text }) => /^\d+\/\d+$/.test(text))).toEqual([])
  const legend = METRIC_NAMES.map((name) => drawn.texts.find(({ text }) => text === name))
  expect(legend.map((entry) => entry?.text)).toEqual(METRIC_NAMES)
  const overlap = (a: typeof drawn.chart, b: typeof drawn.chart) =>
    a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5
  for (const entry of legend) {
    expect(entry!.box.left, entry!.text).toBeGreaterThanOrEqual(drawn.chart.left)
    expect(entry!.box.right, entry!.text).toBeLessThanOrEqual(drawn.chart.right)
    for (const other of legend) if (other !== entry) expect(overlap(entry!.box, other!.box)).toBe(false)
  }
  // The «no connection» label touches no axis label (the numbers of °C and kW) and no legend name.
  const axisLabels = drawn.texts.filter(({ text }) => /^-?\d+([.,]\d+)?$/.test(text.trim()))
  expect(axisLabels.length).toBeGreaterThan(3)
  for (const gap of drawn.texts.filter(({ text }) => text === "Немає зв'язку")) {
    for (const other of [...axisLabels, ...legend.map((entry) => entry!)]) {
      expect(overlap(gap.box, other.box), `«Немає зв'язку» over «${other.text}»`).toBe(false)
    }
  }
  await checkScreen(page, 'history-360')

  // Scrolled down the dashboard, another screen opens at its top: its title below the fixed top bar.
  await page.mouse.wheel(0, 3000)
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500)
  await page.getByRole('banner').getByRole('link', { name: 'Налаштування акаунта' }).click()
  // The new screen's own title (the dashboard's is replaced while the screen's code arrives).
  const title = page.getByRole('heading', { level: 1, name: 'Налаштування акаунта' })
  await expect(title).toBeVisible()
  const bar = (await page.getByRole('banner').boundingBox())!
  await expect
    .poll(async () => (await title.boundingBox())?.y ?? Number.NEGATIVE_INFINITY)
    .toBeGreaterThanOrEqual(bar.y + bar.height)
})
