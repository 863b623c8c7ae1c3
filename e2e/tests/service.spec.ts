import { expect, type Page, test } from '@playwright/test'
import { startSimulator } from '@teplo/simulator'
import { api, apiToken, useToken } from '../support/api-session'
import { freshSerial, removeDevice } from '../support/devices'
import { brokerUrl } from '../support/paths'
import { checkScreen } from '../support/screen-check'

// The e2e server runs its embedded device broker on the port after its HTTP port (playwright.config.ts).
const name = `E2E сервіс ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`

let admin: string
let owner: string
let itemId: string
let simulator: ReturnType<typeof startSimulator> | undefined

type Credentials = { data: { attributes: { password: string } } }

// A boiler of the demo owner, registered by the installer, with a simulated controller that acknowledges.
test.beforeAll(async ({ request }) => {
  admin = await apiToken(request, 'admin')
  owner = await apiToken(request, 'user')
  const creator = await apiToken(request, 'creator')
  const me = await api<{ data: { id: string } }>(request, owner, 'GET', 'me')
  const types = await api<{ data: { id: string }[] }>(request, creator, 'GET', 'categories')
  const serial = freshSerial()
  const created = await api<{ data: { id: string }; meta: { verification_token: string } }>(
    request,
    creator,
    'POST',
    'items',
    { name, serial_number: serial, description: '', category_id: types.data[0]?.id, user_id: me.data.id },
  )
  itemId = created.data.id
  const verified = await request.post('/api/v2/items/verify-token', {
    data: { serial_number: serial, token: created.meta.verification_token },
  })
  expect(verified.ok(), await verified.text()).toBe(true)
  const { password } = ((await verified.json()) as Credentials).data.attributes
  simulator = startSimulator({ url: brokerUrl, devices: [{ serial, password }], intervalSeconds: 2 })
  await simulator.whenConnected()
})

test.afterAll(async ({ request }) => {
  await simulator?.stop()
  if (itemId) await removeDevice(request, admin, itemId)
})

/** Opens the screen on the test boiler; the selector names a level other than the caller's own boiler's. */
async function openService(page: Page, level = '') {
  await page.goto('/service')
  await expect(page.getByRole('heading', { level: 1, name: 'Сервісні налаштування' })).toBeVisible()
  await page.getByLabel('Пристрій').selectOption({ label: `${name}${level}` })
  await expect(page.getByRole('heading', { name: 'Подавач палива (шнек)' })).toBeVisible()
}

const fan30 = (page: Page) => page.getByRole('textbox', { name: 'Оберти вентилятора на 30 %, %' })

test('an administrator changes a service parameter, sees it applied by the controller, and resets to defaults', async ({
  page,
}) => {
  test.setTimeout(60_000)
  await useToken(page, admin)
  await openService(page, ' · Адміністратор')
  await expect(page.getByText('Діють заводські значення')).toBeVisible()
  await expect(fan30(page)).toHaveValue('35')

  // A value outside the range is caught under the input, nothing is sent.
  await fan30(page).fill('150')
  await page.getByRole('button', { name: 'Зберегти' }).click()
  await expect(page.getByText('Значення має бути від 10 до 100')).toBeVisible()

  await fan30(page).fill('45')
  await page.getByRole('button', { name: 'Зберегти' }).click()
  await expect(page.getByText('Збережено: зміни надіслано контролеру')).toBeVisible()
  await expect(page.getByText('Застосовано контролером')).toBeVisible({ timeout: 20_000 })
  await expect(page.getByText('Діють заводські значення')).toHaveCount(0)
  await checkScreen(page, 'service')

  // Stored on the server and reported by the controller.
  await page.reload()
  await page.getByLabel('Пристрій').selectOption({ label: `${name} · Адміністратор` })
  await expect(fan30(page)).toHaveValue('45')
  expect(simulator?.device(simulator.devices[0]!.serial)?.runtime.service.fan_speed_30).toBe(45)

  await page.getByRole('button', { name: 'Скинути до заводських' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Скинути' }).click()
  await expect(fan30(page)).toHaveValue('35')
  await expect(page.getByText('Застосовано контролером')).toBeVisible({ timeout: 20_000 })
})

test('the owner reads the service parameters but cannot change them', async ({ page, request }) => {
  await useToken(page, owner)
  await openService(page)
  await expect(
    page.getByText('Змінювати сервісні налаштування можуть лише монтажник або адміністратор'),
  ).toBeVisible()
  await expect(fan30(page)).toHaveAttribute('readonly', '')
  await expect(page.getByRole('button', { name: 'Зберегти' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Скинути до заводських' })).toHaveCount(0)

  const refused = await request.patch(`/api/v2/items/${itemId}/service-settings`, {
    headers: { Authorization: `Bearer ${owner}`, 'Content-Type': 'application/vnd.api+json' },
    data: JSON.stringify({
      data: { type: 'item-service-settings', id: itemId, attributes: { fan_speed_30: 50 } },
    }),
  })
  expect(refused.status()).toBe(403)
})
