import { expect, type Page, test } from '@playwright/test'
import { api, apiToken } from '../support/api-session'
import { signIn } from '../support/auth'

// A fresh demo as its owner first sees it: a house boiler, no alarm, and forms that refuse what cannot be.

type ItemList = { data: { id: string; attributes: { serial_number: string; burner_power_set: number } }[] }
type Fuel = {
  data: {
    attributes: {
      hopper_capacity_kg: number | null
      fuel_left_kg: number | null
      rate_kg_per_day: number | null
    }
  }
}
type Notifications = { data: unknown[] }

/** Requests that would change the device: none may leave the browser while a form refuses its value. */
function changes(page: Page) {
  const sent: string[] = []
  page.on('request', (request) => {
    if (['PATCH', 'POST'].includes(request.method()) && /\/api\/v2\/items\/\d+/.test(request.url()))
      sent.push(`${request.method()} ${request.url()}`)
  })
  return sent
}

test('the owner of a fresh demo sees a house boiler, no alarm, and a hopper part full', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  const token = await apiToken(request, 'user')
  await signIn(page, 'user')
  const bell = page.getByRole('banner').getByRole('button', { name: /^Сповіщення/ })
  await expect(bell).toHaveAccessibleName('Сповіщення')

  const items = await api<ItemList>(request, token, 'GET', 'items')
  const boiler = items.data.find((item) => item.attributes.serial_number === '100003')!
  expect(boiler.attributes.burner_power_set).toBeGreaterThanOrEqual(15)
  expect(boiler.attributes.burner_power_set).toBeLessThanOrEqual(30)
  // Once its past is drawn (in the background after the first start), the hopper estimate is part full.
  await expect(async () => {
    const fuel = (await api<Fuel>(request, token, 'GET', `items/${boiler.id}/fuel`)).data.attributes
    expect(fuel.rate_kg_per_day).not.toBeNull()
    expect(fuel.rate_kg_per_day!).toBeGreaterThan(15)
    expect(fuel.rate_kg_per_day!).toBeLessThan(40)
    const share = fuel.fuel_left_kg! / fuel.hopper_capacity_kg!
    expect(share).toBeGreaterThan(0.2)
    expect(share).toBeLessThan(0.9)
  }).toPass({ timeout: 90_000 })
  // No alarm arrived meanwhile, and the dashboard shows no active error.
  const notifications = await api<Notifications>(request, token, 'GET', 'notifications')
  expect(notifications.data).toEqual([])
  await page.reload()
  await expect(bell).toHaveAccessibleName('Сповіщення')
  await expect(page.getByText(/^Активні помилки/)).toHaveCount(0)
})

test('the refill form refuses more than the hopper holds, with the range, and sends nothing', async ({
  page,
}) => {
  await signIn(page, 'user')
  const fuel = page.getByRole('region', { name: 'Паливо' })
  await fuel.getByRole('button', { name: 'Засипав бункер' }).click()
  const dialog = page.getByRole('dialog', { name: 'Засипав бункер' })
  const sent = changes(page)
  await dialog.getByLabel('Засипано, кг').fill('100000')
  await dialog.getByRole('button', { name: 'Записати' }).click()
  await expect(dialog.getByText('Засипано має бути від 1 до 250 кг')).toBeVisible()
  await dialog.getByLabel('Засипано, кг').fill('0')
  await dialog.getByRole('button', { name: 'Записати' }).click()
  await expect(dialog.getByText('Засипано має бути від 1 до 250 кг')).toBeVisible()
  expect(sent).toEqual([])
})

test('the boiler temperature refuses 999 with the controller’s range, and sends nothing', async ({
  page,
}) => {
  await signIn(page, 'user')
  await page.getByRole('button', { name: 'Змінити: Температура котла' }).click()
  const dialog = page.getByRole('dialog', { name: 'Температура котла' })
  const temperature = dialog.getByRole('spinbutton', { name: 'Задана температура, °C' })
  const sent = changes(page)
  await temperature.fill('999')
  await temperature.press('Tab')
  await expect(temperature).toHaveValue('999')
  await expect(dialog.getByText('999 °C — більше за максимум. Допустимо від 0 до 80 °C.')).toBeVisible()
  await dialog.getByRole('button', { name: 'Зберегти' }).click()
  await expect(dialog.getByRole('alert')).toContainText('Нічого не надіслано')
  await expect(dialog).toBeVisible()
  expect(sent).toEqual([])
})
