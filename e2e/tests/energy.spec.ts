import { expect, test } from '@playwright/test'
import { api, apiToken, useToken } from '../support/api-session'

// The energy counters (ADR 058), driven by the simulated boiler: its past reports the outdoor temperature, the
// live controller also its own burner hours and ignitions counters. The fuel screen compares this heating season
// with the last and says which counters come from the controller.

let owner: string

type Counters = {
  data: {
    attributes: {
      burner_hours_total: number
      ignitions_total: number | null
      sources: { burner_hours_total: string; ignitions_total: string }
      seasons: { label: string; burner_hours_source: string; degree_days: number | null }[]
    }
  }
}

test.beforeAll(async ({ request }) => {
  owner = await apiToken(request, 'user')
})

test.beforeEach(async ({ page }) => {
  await useToken(page, owner)
})

test('the fuel screen compares the heating seasons from the simulator’s counters, on a phone', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 375, height: 740 })
  await page.goto('/dashboards')
  await page.getByRole('link', { name: 'Паливо та обслуговування' }).first().click()
  await expect(page).toHaveURL(/\/items\/\d+\/fuel$/)
  const id = /\/items\/(\d+)\/fuel$/.exec(page.url())?.[1]
  expect(id).toBeTruthy()

  // The live controller reports its own counters: the totals take them as soon as a reading is stored.
  await expect
    .poll(
      async () =>
        (await api<Counters>(request, owner, 'GET', `items/${id}/energy`)).data.attributes.sources
          .burner_hours_total,
      { timeout: 30_000 },
    )
    .toBe('controller')
  const counters = (await api<Counters>(request, owner, 'GET', `items/${id}/energy`)).data.attributes
  expect(counters.sources.ignitions_total).toBe('controller')
  expect(counters.seasons).toHaveLength(2)

  await page.reload()
  const section = page.getByTestId('season-comparison')
  await expect(section.getByRole('heading', { name: 'Сезон опалення: цей і минулий' })).toBeVisible()
  await expect(page.getByTestId('season-totals')).toContainText('з лічильника контролера')
  // The generated past carries no counters: the season's hours are counted by Teplo, and it says so.
  await expect(page.getByTestId('season-hours')).toContainText('пораховано Teplo')
  await expect(page.getByTestId('season-degree-days')).toBeVisible()
  // The season's days in words, changed with the phone's pickers; put back for the specs that follow.
  await expect(page.getByTestId('season-span')).toContainText('з 1 вересня до 31 травня')
  try {
    await section.getByRole('button', { name: 'Змінити сезон' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByTestId('season_start-month').selectOption('10')
    await dialog.getByTestId('season_start-day').selectOption('15')
    await dialog.getByRole('button', { name: 'Зберегти' }).click()
    await expect(dialog).toBeHidden()
    await expect(page.getByTestId('season-span')).toContainText('з 15 жовтня до 31 травня')
    // The notice covers the top bar's corner on a phone: closed, as a user would, before the language switch.
    const notice = page.getByRole('alert').filter({ hasText: 'Сезон збережено.' })
    await expect(notice).toBeVisible()
    await notice.getByRole('button').click()
    await expect(notice).toBeHidden()
  } finally {
    await api(request, owner, 'PATCH', `items/${id}/energy`, { season_start: '09-01' })
  }
  // Nothing sideways on a phone.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)

  // The consumption API compares with the same days a year earlier.
  const to = new Date()
  const from = new Date(to.getTime() - 7 * 86_400_000)
  const consumption = await api<{
    data: { attributes: { comparison: { compare: string; normalisation: string } } }
  }>(
    request,
    owner,
    'GET',
    `items/${id}/consumption?from=${from.toISOString()}&to=${to.toISOString()}&period=day&compare_to=previous_year`,
  )
  expect(consumption.data.attributes.comparison.compare).toBe('previous_year')
  // The demo past is a month long: a year earlier has no outdoor temperatures, so the comparison is raw.
  expect(consumption.data.attributes.comparison.normalisation).toBe('raw')

  // In English too.
  await page.getByRole('banner').getByRole('button', { name: 'English' }).click()
  await expect(page.getByTestId('season-comparison')).toContainText('Heating season: this one and the last')
  await expect(page.getByTestId('season-totals')).toContainText('from the controller')
  // The account's language is shared with the other specs: back to Ukrainian.
  await page.getByRole('banner').getByRole('button', { name: 'Українська' }).click()
  await expect(page.getByTestId('season-comparison')).toContainText('Сезон опалення')
})
