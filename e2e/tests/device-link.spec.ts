import { expect, type Page, test } from '@playwright/test'
import { errorCodeDescription } from '@teplo/domain'
import { startSimulator } from '@teplo/simulator'
import { api, apiToken, useToken } from '../support/api-session'
import { createDevice, freshSerial, removeDevice } from '../support/devices'
import { brokerUrl } from '../support/paths'

// The e2e server runs its embedded device broker on the port after its HTTP port (playwright.config.ts).
const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`

let admin: string

test.beforeAll(async ({ request }) => {
  admin = await apiToken(request, 'admin')
})

test.beforeEach(async ({ page }) => {
  await useToken(page, admin)
})

type ItemDocument = { data: { id: string; attributes: Record<string, unknown> } }
type Credentials = { data: { attributes: { username: string; password: string } } }
type ErrorList = { data: { attributes: { error_code: string } }[] }

const picker = (page: Page) => page.getByRole('combobox', { name: 'Пристрій' })
const meterTexts = (page: Page) =>
  Promise.all(
    ['Температура котла', 'Температура бойлера', 'Димові гази'].map((name) =>
      page.getByRole('meter', { name }).getAttribute('aria-valuetext'),
    ),
  )

/** Records every label the settings chip shows, so a state that lasts a moment is not missed. */
async function recordSyncLabels(page: Page) {
  await page.evaluate(() => {
    const seen: string[] = []
    const record = () => {
      for (const label of Array.from(document.querySelectorAll('.MuiChip-label'))) {
        const text = label.textContent ?? ''
        if (text.startsWith('Налаштування: ') && seen.at(-1) !== text) seen.push(text)
      }
    }
    record()
    new MutationObserver(record).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
    })
    Object.assign(window, { syncLabels: seen })
  })
  return () => page.evaluate(() => (window as unknown as { syncLabels: string[] }).syncLabels)
}

test("the demo admin's boiler is live, and a setting change reaches it and shows as applied", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000)
  await page.goto('/dashboards')
  await expect(picker(page)).toHaveText('Котел вдома')
  // The boiler simulated inside the server reports real readings.
  const heater = page.getByRole('meter', { name: 'Температура котла' })
  await expect(heater).toHaveAttribute('aria-valuetext', /^-?\d+(,\d+)? °C$/, { timeout: 15_000 })
  await expect(page.getByRole('switch', { name: 'Увімкнено' })).toBeChecked()
  await expect(page.getByText("з'єднання встановлено")).toBeVisible()

  // Its readings move on the open page, without a reload.
  const before = (await meterTexts(page)).join(' | ')
  await expect.poll(async () => (await meterTexts(page)).join(' | '), { timeout: 30_000 }).not.toBe(before)

  await page.getByRole('button', { name: 'Змінити: Температура котла' }).click()
  const dialog = page.getByRole('dialog', { name: 'Температура котла' })
  await dialog.getByRole('spinbutton', { name: 'Задана температура, °C' }).fill('67')
  const labels = await recordSyncLabels(page)
  await dialog.getByRole('button', { name: 'Зберегти' }).click()
  await expect(dialog).toBeHidden()

  await expect(page.getByText('Налаштування: Застосовано')).toBeVisible({ timeout: 10_000 })
  await expect(page.getByText('Задано: 67 °C')).toBeVisible()
  const shown = await labels()
  const pendingAt = shown.indexOf('Налаштування: Очікує пристрій')
  expect(pendingAt, shown.join(' → ')).toBeGreaterThanOrEqual(0)
  expect(shown.lastIndexOf('Налаштування: Застосовано')).toBeGreaterThan(pendingAt)

  const home = await api<{ data: ItemDocument['data'][] }>(
    request,
    admin,
    'GET',
    `items?filter[name]=${encodeURIComponent('Котел вдома')}`,
  )
  expect(home.data[0]?.attributes).toMatchObject({ heater_temp_set: 67, sync_status: 'synced', status: 'on' })
})

test('an error raised on a controller shows on the errors screen, and a stopped controller goes offline', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000)
  const name = `E2E симулятор ${stamp}`
  const serial = freshSerial()
  const created = await createDevice(request, admin, name, serial)
  const verified = await request.post('/api/v2/items/verify-token', {
    data: { serial_number: serial, token: created.meta.verification_token },
  })
  expect(verified.ok(), await verified.text()).toBe(true)
  const { password } = ((await verified.json()) as Credentials).data.attributes

  const simulator = startSimulator({ url: brokerUrl, devices: [{ serial, password }], intervalSeconds: 2 })
  let running = true
  try {
    await simulator.whenConnected()
    await expect
      .poll(
        async () =>
          (await api<ItemDocument>(request, admin, 'GET', `items/${created.data.id}`)).data.attributes,
      )
      .toMatchObject({ status: 'on' })
    simulator.inject(serial, 'E3')
    await expect
      .poll(async () => {
        const errors = await api<ErrorList>(request, admin, 'GET', `item-errors?item_id=${created.data.id}`)
        return errors.data.map((error) => error.attributes.error_code)
      })
      .toContain('E3')

    await page.goto('/items/errors')
    // The administrator's picker searches every account's devices on the server.
    await page.getByRole('combobox', { name: 'Пристрій' }).fill(name)
    await page.getByRole('option', { name }).click()
    const table = page.getByRole('region', { name: `Помилки пристрою «${name}»` })
    const row = table.getByRole('row').filter({ hasText: 'E3' })
    await expect(row).toHaveCount(1)
    await expect(row).toContainText(errorCodeDescription('E3'))

    // On a 360 px phone the errors are stacked cards: no sideways scrolling, «Архівувати» in view.
    await page.setViewportSize({ width: 360, height: 740 })
    const cards = page.getByRole('list', { name: `Помилки пристрою «${name}»` })
    const errorCard = cards.getByRole('listitem').filter({ hasText: 'E3' })
    await expect(errorCard).toContainText(errorCodeDescription('E3'))
    await expect(errorCard.getByRole('button', { name: /Архівувати/ })).toBeInViewport()
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    await page.setViewportSize({ width: 1280, height: 900 })

    await page.goto('/items')
    const card = page.getByRole('article', { name })
    await expect(card).toContainText("з'єднання встановлено")
    // A clean stop: the controller says 'offline' itself, and the list says so on the next read.
    running = false
    await simulator.stop()
    await expect
      .poll(
        async () =>
          (await api<ItemDocument>(request, admin, 'GET', `items/${created.data.id}`)).data.attributes,
      )
      .toMatchObject({ status: 'connecting' })
    await page.reload()
    await expect(card).toContainText("з'єднання немає")
  } finally {
    if (running) await simulator.stop()
    await removeDevice(request, admin, created.data.id)
  }
})
