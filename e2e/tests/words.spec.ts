import { type APIRequestContext, expect, type Page, test } from '@playwright/test'
import { startSimulator } from '@teplo/simulator'
import { api, apiToken, useToken } from '../support/api-session'
import { createDevice, freshSerial, removeDevice } from '../support/devices'
import { brokerUrl } from '../support/paths'

// Words follow the screen (ADR 047): alarms and the change log in the language switched to, the terms linked.

const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`

type Credentials = { data: { attributes: { password: string } } }

let admin: string

test.beforeAll(async ({ request }) => {
  admin = await apiToken(request, 'admin')
})

/** The administrator's account back in Ukrainian, as the other specs expect it. */
async function backToUkrainian(request: APIRequestContext) {
  await api(request, admin, 'PATCH', 'me', { data: { type: 'users', attributes: { language: 'uk' } } })
}

/** A paired device of the administrator's; its controller's password for a simulator. */
async function pairedDevice(request: APIRequestContext, name: string) {
  const serial = freshSerial()
  const created = await createDevice(request, admin, name, serial)
  const verified = await request.post('/api/v2/items/verify-token', {
    data: { serial_number: serial, token: created.meta.verification_token },
  })
  expect(verified.ok(), await verified.text()).toBe(true)
  const { password } = ((await verified.json()) as Credentials).data.attributes
  return { id: created.data.id, serial, password }
}

/** The top bar's switch, marking the page first: the mark survives only if the page is not reloaded. */
async function switchWithoutReload(page: Page, language: 'English' | 'Українська') {
  await page.evaluate(() => {
    ;(window as unknown as { notReloaded: boolean }).notReloaded = true
  })
  await page.getByRole('banner').getByRole('button', { name: language }).click()
}

const notReloaded = (page: Page) =>
  page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded === true)

test('an alarm in the bell and on the dashboard follows the switch to English at once', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000)
  await useToken(page, admin)
  const name = `E2E слова ${stamp}`
  const device = await pairedDevice(request, name)
  const simulator = startSimulator({
    url: brokerUrl,
    devices: [{ serial: device.serial, password: device.password }],
    intervalSeconds: 2,
  })
  try {
    await simulator.whenConnected()
    await api(request, admin, 'POST', 'notifications/read-all')
    await page.goto(`/dashboards?device=${device.id}`)
    const bell = page.getByRole('banner').getByRole('button', { name: /^Сповіщення/ })
    await expect(bell).toHaveAccessibleName('Сповіщення')
    simulator.inject(device.serial, 'E1')
    await expect(bell).toHaveAccessibleName('Сповіщення: 1 непрочитане', { timeout: 15_000 })
    await bell.click()
    const dropdown = page.getByRole('dialog', { name: 'Сповіщення' })
    await expect(dropdown.getByText(`${name}: Помилка котла E1`)).toBeVisible()
    await page.keyboard.press('Escape')
    const alarms = page.getByRole('region', { name: /^Тривог/ })
    await expect(alarms.getByText('Помилка котла E1')).toBeVisible()

    await switchWithoutReload(page, 'English')
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    await expect(page.getByRole('region', { name: /^Alarm/ }).getByText('Boiler error E1')).toBeVisible()
    const bellEn = page.getByRole('banner').getByRole('button', { name: /^Notifications/ })
    await bellEn.click()
    const dropdownEn = page.getByRole('dialog', { name: 'Notifications' })
    await expect(dropdownEn.getByText(`${name}: Boiler error E1`)).toBeVisible()
    await expect(dropdownEn.getByText('Помилка котла')).toHaveCount(0)
    expect(await notReloaded(page)).toBe(true)
  } finally {
    await simulator.stop()
    await backToUkrainian(request)
    await removeDevice(request, admin, device.id)
  }
})

test('the change log reads as sentences with the settings’ names in Ukrainian and in English, no raw keys', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000)
  await useToken(page, admin)
  const device = await pairedDevice(request, `E2E журнал ${stamp}`)
  const item = (attributes: object) => ({ data: { type: 'items', id: device.id, attributes } })
  try {
    const before = await api<{
      data: { attributes: { heater_temp_set: number; heater_hysteresis: number } }
    }>(request, admin, 'GET', `items/${device.id}`)
    const { heater_temp_set: setTemp, heater_hysteresis: hysteresis } = before.data.attributes
    // The dialog's whole group, the hysteresis unchanged; then the same again: one entry, one line.
    for (let i = 0; i < 2; i++)
      await api(request, admin, 'PATCH', `items/${device.id}`, {
        ...item({ heater_temp_set: setTemp + 5, heater_hysteresis: hysteresis }),
      })
    await api(request, admin, 'PATCH', `items/${device.id}`, item({ status: 'off' }))
    await api(request, admin, 'PATCH', `items/${device.id}/fuel`, {
      data: { type: 'item-fuel', id: device.id, attributes: { pellet_price_per_tonne: 9000 } },
    })
    await api(request, admin, 'POST', `items/${device.id}/hopper-refills`, {
      data: { type: 'hopper-refills', attributes: { kg: 25 } },
    })

    await page.goto(`/dashboards?device=${device.id}`)
    const log = page.getByRole('region', { name: 'Журнал змін' })
    await log.scrollIntoViewIfNeeded()
    await expect(log.getByText(`Котел · Задана температура, °C: ${setTemp} → ${setTemp + 5}`)).toHaveCount(1)
    await expect(log.getByText('Котел вимкнено')).toBeVisible()
    await expect(log.getByText('Засипано 25 кг пелет')).toBeVisible()
    await expect(log.getByText(/^Ціна пелет, грн за тонну: не задано → 9\s000$/)).toBeVisible()
    await expect(log.getByText('Змінено налаштування палива — Адміністратор')).toBeVisible()
    const uk = ((await log.textContent()) ?? '').toLowerCase()
    for (const raw of ['power', 'heater', 'pellet_price', 'kg:', 'гістерезис']) expect(uk).not.toContain(raw)

    await switchWithoutReload(page, 'English')
    const logEn = page.getByRole('region', { name: 'Change log' })
    await expect(logEn.getByText(`Boiler · Set temperature, °C: ${setTemp} → ${setTemp + 5}`)).toBeVisible()
    await expect(logEn.getByText('The boiler was switched off')).toBeVisible()
    await expect(logEn.getByText('25 kg of pellets poured in')).toBeVisible()
    await expect(logEn.getByText('Pellet price, UAH per tonne: not set → 9,000')).toBeVisible()
    await expect(logEn.getByText('Hopper refilled — Адміністратор')).toBeVisible()
    const en = ((await logEn.textContent()) ?? '').toLowerCase()
    for (const raw of ['power:', 'heater_', 'pellet_price', 'kg:', 'hysteresis'])
      expect(en).not.toContain(raw)
    expect(await notReloaded(page)).toBe(true)
  } finally {
    await backToUkrainian(request)
    await removeDevice(request, admin, device.id)
  }
})

test('the terms open from the sign-up form in a new tab, and the form keeps what was typed', async ({
  page,
  context,
}) => {
  await page.goto('/register')
  await page.getByLabel('Логін').fill('Читач умов')
  await page.getByLabel('Email').fill(`terms-${stamp}@teplo.test`)
  const link = page.getByRole('link', { name: /^Правила та умови/ })
  await expect(link).toHaveAttribute('href', '/terms')
  const [terms] = await Promise.all([context.waitForEvent('page'), link.click()])
  await terms.waitForLoadState()
  await expect(terms).toHaveURL(/\/terms$/)
  await expect(terms.getByRole('heading', { level: 1 })).toHaveText('Умови користування та конфіденційність')
  await expect(terms.getByRole('heading', { name: 'Що ми зберігаємо' })).toBeVisible()
  await expect(terms.getByRole('heading', { name: 'Видалення' })).toBeVisible()
  await expect(terms.getByRole('navigation', { name: 'Головне меню' })).toBeVisible()
  // The terms are a screen of their own, in English too.
  await terms.getByRole('banner').getByRole('button', { name: 'English' }).click()
  await expect(terms.getByRole('heading', { level: 1 })).toHaveText('Terms of use and privacy')
  await expect(terms.getByRole('heading', { name: 'Who can see your data' })).toBeVisible()
  await terms.close()

  // The form is as it was, and the checkbox is still a checkbox.
  await expect(page).toHaveURL(/\/register$/)
  await expect(page.getByLabel('Логін')).toHaveValue('Читач умов')
  await expect(page.getByRole('checkbox', { name: /Правила та умови/ })).not.toBeChecked()
  await expect(
    page.getByRole('contentinfo').getByRole('link', { name: /^Умови користування/ }),
  ).toHaveAttribute('href', '/terms')
})
