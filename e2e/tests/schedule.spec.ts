import { expect, type Page, test } from '@playwright/test'
import { localSlot, SLOT_MINUTES, SLOTS_PER_DAY } from '@teplo/domain'
import { api, apiToken, useToken } from '../support/api-session'

// The weekly schedule on a phone: paint half hours on the grid, save, the demo boiler's controller (simulated by
// the server) confirms it and reports the period, which the dashboard shows.

const PHONE = { width: 360, height: 740 }
const DAYS = ['Пн', 'Вт', 'Ср', 'Чт', 'Пт', 'Сб', 'Нд']
const time = (slot: number) => {
  const minutes = (slot % SLOTS_PER_DAY) * SLOT_MINUTES
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
}

let admin: string
let boilerId: string

test.use({ viewport: PHONE, hasTouch: true })

test.beforeAll(async ({ request }) => {
  admin = await apiToken(request, 'admin')
  const list = await api<{ data: { id: string; attributes: { name: string } }[] }>(
    request,
    admin,
    'GET',
    'items',
  )
  boilerId = list.data.find((item) => item.attributes.name === 'Котел вдома')!.id
})

test.afterAll(async ({ request }) => {
  // Back to no schedule, so the demo boiler heats as the other specs expect.
  if (boilerId)
    await api(request, admin, 'PATCH', `items/${boilerId}/schedule`, {
      data: {
        type: 'schedules',
        id: boilerId,
        attributes: { enabled: false, days: Array(7).fill('c'.repeat(48)) },
      },
    })
})

async function expectNoSidewaysScroll(page: Page) {
  const sizes = await page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement
    return { scroll: root.scrollWidth, client: root.clientWidth }
  })
  expect(sizes.scroll, 'horizontal scrolling at 360 px').toBeLessThanOrEqual(sizes.client)
}

test('paint half hours on a phone, save, see it applied and the period on the dashboard', async ({
  page,
}) => {
  test.setTimeout(90_000)
  await useToken(page, admin)
  await page.goto('/dashboards')
  await expect(page.getByRole('combobox', { name: 'Пристрій' })).toHaveText('Котел вдома')
  const section = page.getByRole('region', { name: 'Тижневий розклад' })
  await expect(section.getByText('Розклад вимкнено', { exact: false })).toBeVisible()
  await expectNoSidewaysScroll(page)

  await section.getByRole('button', { name: 'Змінити розклад' }).click()
  const grid = page.getByRole('grid', { name: 'Розклад на тиждень' })
  await expect(grid).toBeVisible()
  await expectNoSidewaysScroll(page)

  // The half hour the boiler is in now (Kyiv wall clock) and the two after it, in today's column.
  const { day, slot } = localSlot(new Date())
  const last = Math.min(slot + 2, SLOTS_PER_DAY - 1)
  const cell = (s: number) => grid.getByRole('gridcell', { name: `${DAYS[day]}, ${time(s)}–` })

  // A tap flips one half hour.
  await cell(slot).scrollIntoViewIfNeeded()
  await cell(slot).tap()
  await expect(cell(slot)).toHaveAttribute('aria-selected', 'true')
  // A drag paints the ones it passes.
  if (last > slot) {
    const from = await cell(slot + 1).boundingBox()
    const to = await cell(last).boundingBox()
    await page.mouse.move(from!.x + from!.width / 2, from!.y + from!.height / 2)
    await page.mouse.down()
    await page.mouse.move(to!.x + to!.width / 2, to!.y + to!.height / 2, { steps: 6 })
    await page.mouse.up()
  }
  for (let s = slot; s <= last; s += 1) await expect(cell(s)).toHaveAttribute('aria-selected', 'true')
  await expect(cell(last + 1 < SLOTS_PER_DAY ? last + 1 : slot - 1)).toHaveAttribute('aria-selected', 'false')

  await page.getByRole('switch', { name: 'Працювати за розкладом' }).check()
  await page.getByRole('button', { name: 'Зберегти' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Розклад збережено' })).toBeVisible()
  await expect(grid).toBeHidden()

  // The simulated controller takes it with the settings' version and reports the period it is in.
  await expect(section.getByTestId('schedule-delivery')).toHaveText('Розклад: Застосовано', {
    timeout: 20_000,
  })
  const hours = (((last - slot + 1) * SLOT_MINUTES) / 60).toLocaleString('uk-UA')
  await expect(section.getByText(`Зниження ${hours} год на тиждень`, { exact: false })).toBeVisible()
  await expect(section.getByTestId('schedule-period')).toHaveText(
    new RegExp(`^за розкладом: зниження до (\\S+ )?${time(last + 1)}$`),
    { timeout: 25_000 },
  )
  await expectNoSidewaysScroll(page)
})
