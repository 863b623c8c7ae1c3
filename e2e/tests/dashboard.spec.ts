import { expect, type Page, test } from '@playwright/test'
import { settingsOfGroup } from '@teplo/domain'
import { api, apiToken, useToken } from '../support/api-session'
import { createDevice, freshSerial, removeDevice } from '../support/devices'
import { checkScreen } from '../support/screen-check'

// The demo boilers are live (simulated by the server); this verified boiler has no controller connected.
const offlineName = `E2E котел без зв'язку ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`

let admin: string
let offlineId: string

test.beforeAll(async ({ request }) => {
  admin = await apiToken(request, 'admin')
  const serial = freshSerial()
  const created = await createDevice(request, admin, offlineName, serial)
  const verified = await request.post('/api/v2/items/verify-token', {
    data: { serial_number: serial, token: created.meta.verification_token },
  })
  expect(verified.ok(), await verified.text()).toBe(true)
  offlineId = created.data.id
})

test.afterAll(async ({ request }) => {
  if (offlineId) await removeDevice(request, admin, offlineId)
})

test.beforeEach(async ({ page }) => {
  await useToken(page, admin)
})

type ItemDocument = { data: { id: string; attributes: Record<string, unknown> } }

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text })
const picker = (page: Page) => page.getByRole('combobox', { name: 'Пристрій' })

/** Opens the dashboard (on the demo admin's homepage boiler) and picks the boiler without a controller. */
async function openOfflineBoiler(page: Page) {
  await page.goto('/dashboards')
  await expect(picker(page)).toHaveText('Котел вдома')
  await picker(page).click()
  await page.getByRole('option', { name: offlineName }).click()
  await expect(picker(page)).toHaveText(offlineName)
}

function settingsPatch(page: Page) {
  return page.waitForRequest(
    (request) => request.method() === 'PATCH' && /\/api\/v2\/items\/\d+$/.test(request.url()),
  )
}

test('a verified boiler whose controller has not connected yet shows no readings', async ({ page }) => {
  test.setTimeout(60_000)
  await openOfflineBoiler(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Головна' })).toBeVisible()

  const heater = page.getByRole('meter', { name: 'Температура котла' })
  await expect(heater).toHaveAttribute('aria-valuetext', 'немає даних')
  await expect(heater).toContainText('-')
  await expect(page.getByRole('meter', { name: 'Потужність пальника' })).toContainText('кВт')
  await expect(page.getByRole('meter', { name: "Яскравість полум'я" })).toHaveAttribute(
    'aria-valuetext',
    'немає даних',
  )
  await expect(page.getByText("з'єднання немає")).toBeVisible()
  await expect(page.getByText("Пристрій ще не виходив на зв'язок")).toBeVisible()
  await expect(page.getByText('Режим роботи')).toBeVisible()
  // Off line, the switch still takes the owner's wish; the screen says when the device will get it.
  await expect(page.getByRole('switch', { name: 'Увімкнено' })).toBeEnabled()
  await expect(
    page.getByText(/^Котел не на зв'язку: команду увімкнути чи вимкнути він отримає/),
  ).toBeVisible()
  await checkScreen(page, 'dashboard')

  await picker(page).click()
  await expect(page.getByRole('option', { name: 'Котел вдома' })).toBeVisible()
  await expect(page.getByRole('option', { name: offlineName })).toBeVisible()
  // The seeded device awaiting verification is hidden.
  await expect(page.getByRole('option', { name: 'Котел на дачі' })).toHaveCount(0)
  await page.keyboard.press('Escape')
})

const WAITING = "Збережено. Котел зараз не на зв'язку — зміну буде застосовано, щойно він з'єднається."

test('changing the boiler temperature refuses a value out of range, saves a corrected one and shows that the off-line device has yet to apply it', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000)
  await openOfflineBoiler(page)

  await page.getByRole('button', { name: 'Змінити: Температура котла' }).click()
  const dialog = page.getByRole('dialog', { name: 'Температура котла' })
  const temperature = dialog.getByRole('spinbutton', { name: 'Задана температура, °C' })
  await temperature.fill('95')
  await temperature.press('Tab')
  // Out of range: refused with the range, not clamped; corrected by the user.
  await expect(temperature).toHaveValue('95')
  await expect(dialog.getByText('95 °C — більше за максимум. Допустимо від 0 до 80 °C.')).toBeVisible()
  await temperature.fill('80')
  await dialog.getByRole('button', { name: 'Зменшити: Гістерезис, °C' }).click()
  await checkScreen(page, 'dashboard-heater-modal')

  const patch = settingsPatch(page)
  await dialog.getByRole('button', { name: 'Зберегти' }).click()
  const sent = (await patch).postDataJSON() as { data: { id: string; type: string; attributes: object } }
  expect(sent.data).toMatchObject({ type: 'items', id: offlineId })
  // The dialog sends its whole group, as the registry makes it.
  const heaterGroup = settingsOfGroup('heater').map(([name]) => name)
  expect(Object.keys(sent.data.attributes).sort()).toEqual(heaterGroup.sort())
  expect(sent.data.attributes).toMatchObject({ heater_temp_set: 80 })

  // The boiler is not connected: the change waits for it, and the notice says so rather than «Дані оновлено!».
  await expect(toast(page, WAITING)).toBeVisible()
  await expect(toast(page, 'Дані оновлено!')).toHaveCount(0)
  await expect(dialog).toBeHidden()
  await expect(page.getByText('Налаштування: Очікує пристрій')).toBeVisible()
  await expect(page.getByText('Задано: 80 °C')).toBeVisible()

  const stored = await api<ItemDocument>(request, admin, 'GET', `items/${sent.data.id}`)
  expect(stored.data.attributes).toMatchObject({
    heater_temp_set: 80,
    heater_hysteresis: (sent.data.attributes as { heater_hysteresis: number }).heater_hysteresis,
    sync_status: 'pending',
  })
})

test('the pump mode and the flue-gas range are set from their cards and read back by the API', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000)
  await openOfflineBoiler(page)

  // ⓘ explains the setting and changes nothing; «Змінити» opens the editor.
  const about = page.getByRole('button', { name: 'Про налаштування «Режим насосів»' })
  await about.hover()
  await expect(page.getByRole('tooltip')).toHaveText('Які контури гріє котел і котрий має пріоритет.')
  await about.click()
  const explanation = page.getByRole('dialog', { name: 'Режим насосів' })
  await expect(explanation).toContainText('Які контури гріє котел і котрий має пріоритет.')
  await expect(explanation.getByRole('radio')).toHaveCount(0)
  await explanation.getByRole('button', { name: 'Зрозуміло' }).click()
  await expect(explanation).toBeHidden()

  await page.getByRole('button', { name: 'Змінити: Режим насосів' }).click()
  const pumps = page.getByRole('dialog', { name: 'Режим насосів' })
  await pumps.getByRole('radio', { name: 'К', exact: true }).check()
  const pumpPatch = settingsPatch(page)
  await pumps.getByRole('button', { name: 'Зберегти' }).click()
  const id = ((await pumpPatch).postDataJSON() as { data: { id: string } }).data.id
  await expect(toast(page, WAITING)).toBeVisible()
  await expect(pumps).toBeHidden()

  await page.getByRole('button', { name: 'Змінити: Димові гази' }).click()
  const gas = page.getByRole('dialog', { name: 'Димові гази' })
  const min = gas.getByRole('spinbutton', { name: 'Мінімальна температура, °C' })
  const max = gas.getByRole('spinbutton', { name: 'Максимальна температура, °C' })
  await min.fill('300')
  await max.fill('200')
  await gas.getByRole('button', { name: 'Зберегти' }).click()
  await expect(gas.getByText('Мінімальна температура не може бути більшою за максимальну')).toBeVisible()

  await max.fill('')
  await min.fill('120')
  const gasPatch = settingsPatch(page)
  await gas.getByRole('button', { name: 'Зберегти' }).click()
  // The emptied maximum is not sent; the server keeps the stored one.
  expect(((await gasPatch).postDataJSON() as { data: { attributes: object } }).data.attributes).toEqual({
    gas_temp_min: 120,
  })
  await expect(gas).toBeHidden()

  const stored = await api<ItemDocument>(request, admin, 'GET', `items/${id}`)
  expect(stored.data.attributes).toMatchObject({ pump_mode: 3, gas_temp_min: 120 })
  await expect(page.getByRole('region', { name: 'Режим насосів' })).toContainText('К')
})

test('switching the off-line boiler off keeps the wish for it and the API reads it back', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000)
  await openOfflineBoiler(page)

  const patch = settingsPatch(page)
  await page.getByRole('switch', { name: 'Увімкнено' }).click()
  await page
    .getByRole('dialog', { name: /Вимкнути котел/ })
    .getByRole('button', { name: 'Вимкнути' })
    .click()
  const sent = (await patch).postDataJSON() as { data: { id: string; attributes: object } }
  expect(sent.data.attributes).toEqual({ status: 'off' })
  await expect(toast(page, WAITING)).toBeVisible()
  await expect(page.getByRole('switch', { name: 'Вимкнено' })).not.toBeChecked()
  await expect(page.getByText('Налаштування: Очікує пристрій')).toBeVisible()

  const stored = await api<ItemDocument>(request, admin, 'GET', `items/${sent.data.id}`)
  expect(stored.data.attributes).toMatchObject({
    status: 'connecting',
    power_set: 'off',
    sync_status: 'pending',
  })

  await page.getByRole('switch', { name: 'Вимкнено' }).click()
  await expect(page.getByRole('switch', { name: 'Увімкнено' })).toBeChecked()
})

test('a save that changes nothing says so and sends nothing; a typed value below the minimum is shown before it is sent', async ({
  page,
}) => {
  test.setTimeout(60_000)
  await page.setViewportSize({ width: 390, height: 844 })
  await openOfflineBoiler(page)
  const patches: string[] = []
  page.on('request', (request) => {
    if (request.method() === 'PATCH') patches.push(request.url())
  })

  await page.getByRole('button', { name: 'Змінити: Температура бойлера' }).click()
  const dialog = page.getByRole('dialog', { name: 'Температура бойлера' })
  await dialog.getByRole('button', { name: 'Зберегти' }).click()
  await expect(toast(page, 'Нічого не змінено: ці значення вже задано.')).toBeVisible()
  await expect(dialog).toBeHidden()
  expect(patches).toEqual([])

  await page.getByRole('button', { name: 'Змінити: Температура бойлера' }).click()
  const temperature = dialog.getByRole('spinbutton', { name: 'Задана температура, °C' })
  await temperature.fill('-5')
  await temperature.press('Enter')
  await expect(temperature).toHaveValue('-5')
  await expect(dialog.getByText('-5 °C — менше за мінімум. Допустимо від 0 до 80 °C.')).toBeVisible()
  await expect(dialog.getByRole('alert')).toContainText('Нічого не надіслано')
  expect(patches).toEqual([])
  await dialog.getByRole('button', { name: 'Скасувати' }).click()
})
