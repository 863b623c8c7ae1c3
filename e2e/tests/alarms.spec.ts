import { expect, test } from '@playwright/test'
import { startSimulator } from '@teplo/simulator'
import { api, apiToken, useToken } from '../support/api-session'
import { createDevice, freshSerial, removeDevice } from '../support/devices'
import { brokerUrl } from '../support/paths'

// The e2e server runs its embedded device broker on the port after its HTTP port (playwright.config.ts).
const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`

type Credentials = { data: { attributes: { password: string } } }

let admin: string

test.beforeAll(async ({ request }) => {
  admin = await apiToken(request, 'admin')
})

test('the bell counts a fault injected on a simulated boiler as it happens; read, acknowledged, settings', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000)
  await useToken(page, admin)
  const name = `E2E тривога ${stamp}`
  const serial = freshSerial()
  const created = await createDevice(request, admin, name, serial)
  const verified = await request.post('/api/v2/items/verify-token', {
    data: { serial_number: serial, token: created.meta.verification_token },
  })
  expect(verified.ok(), await verified.text()).toBe(true)
  const { password } = ((await verified.json()) as Credentials).data.attributes
  const simulator = startSimulator({ url: brokerUrl, devices: [{ serial, password }], intervalSeconds: 2 })
  try {
    await simulator.whenConnected()
    await api(request, admin, 'POST', 'notifications/read-all')
    await page.goto(`/dashboards?device=${created.data.id}`)
    const bell = page.getByRole('banner').getByRole('button', { name: /^Сповіщення/ })
    await expect(bell).toHaveAccessibleName('Сповіщення')

    simulator.inject(serial, 'E1')
    // No reload: the account's live stream brings the count.
    await expect(bell).toHaveAccessibleName('Сповіщення: 1 непрочитане', { timeout: 15_000 })
    await bell.click()
    const dropdown = page.getByRole('dialog', { name: 'Сповіщення' })
    await expect(dropdown.getByText(`${name}: Помилка котла E1`)).toBeVisible()
    await expect(dropdown.getByText('Активна')).toBeVisible()
    await dropdown.getByRole('button', { name: 'Позначити всі прочитаними' }).click()
    await expect(dropdown.getByRole('button', { name: 'Позначити всі прочитаними' })).toBeDisabled()
    // The list is a dialog over the page: closed, the bell shows nothing unread.
    await page.keyboard.press('Escape')
    await expect(bell).toHaveAccessibleName('Сповіщення')

    // On the device's dashboard: the alarm with "I see it".
    const alarms = page.getByRole('region', { name: /^Тривог/ })
    await expect(alarms.getByText('Помилка котла E1')).toBeVisible()
    await alarms.getByRole('button', { name: 'Я бачу' }).click()
    await expect(alarms.getByText(/^Побачено: Адміністратор/)).toBeVisible()

    // The devices list marks the device with its open alarm, leading to its dashboard.
    await page.goto('/items')
    const card = page.getByRole('article', { name })
    await expect(card.getByRole('link', { name: /^Тривога: 1 — Помилка котла E1/ })).toHaveAttribute(
      'href',
      `/dashboards?device=${created.data.id}`,
    )

    // Account settings: the notification section saves a change.
    await page.goto('/account/settings')
    const section = page.getByRole('region', { name: 'Сповіщення про тривоги' })
    const email = section.getByLabel('Електронна пошта')
    await expect(email).toBeChecked()
    await email.click()
    await expect(section.getByRole('status')).toHaveText('Збережено')
    const stored = await api<{ data: { attributes: { channels: { email: boolean } } } }>(
      request,
      admin,
      'GET',
      'me/notification-settings',
    )
    expect(stored.data.attributes.channels.email).toBe(false)
    await email.click()
    await expect
      .poll(
        async () =>
          (await api<typeof stored>(request, admin, 'GET', 'me/notification-settings')).data.attributes
            .channels.email,
      )
      .toBe(true)
  } finally {
    await simulator.stop()
    await removeDevice(request, admin, created.data.id)
  }
})

test('the bell and its list fit a 360 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 })
  await useToken(page, admin)
  await page.goto('/dashboards')
  const bell = page.getByRole('banner').getByRole('button', { name: /^Сповіщення/ })
  await bell.click()
  await expect(page.getByRole('dialog', { name: 'Сповіщення' })).toBeVisible()
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)
})
