import { type APIRequestContext, expect, type Page, test } from '@playwright/test'
import { confirmAddress } from '../support/addresses'
import { api, useToken } from '../support/api-session'
import { pairedBoilerOf } from '../support/devices'

// «Пороги тривог» on the dashboard: the thresholds of GET/PATCH /items/{id}/alarm-settings, read and saved by
// whoever operates the boiler, refused in words when out of range, shown without a way to change them to a viewer.

type Thresholds = { data: { attributes: Record<string, number> } }
const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`

/** A new account with a proven address; answers its token. */
async function registered(request: APIRequestContext, email: string) {
  const response = await request.post('/api/v2/register', {
    data: { name: 'E2E пороги', email, password: 'warm-house-1', password_confirmation: 'warm-house-1' },
  })
  expect(response.ok(), await response.text()).toBe(true)
  await confirmAddress(request, email)
  return ((await response.json()) as { access_token: string }).access_token
}

const section = (page: Page) => page.getByRole('region', { name: 'Пороги тривог' })

test('the owner reads and saves the alarm thresholds; values out of range are refused with the range', async ({
  page,
  request,
}) => {
  const ownerToken = await registered(request, `thresholds-owner-${unique()}@teplo.test`)
  const itemId = await boilerOf(request, ownerToken)
  await useToken(page, ownerToken)
  await page.goto(`/dashboards?device=${itemId}`)
  const thresholds = section(page)
  const overheat = thresholds.getByLabel('Перегрів, °C')
  const offline = thresholds.getByLabel("Без зв'язку, хв")
  await expect(overheat).toHaveValue('90')
  await expect(thresholds.getByLabel('Загроза замерзання, °C')).toHaveValue('5')
  await expect(offline).toHaveValue('10')
  await expect(thresholds.getByLabel('Запас палива, днів')).toHaveValue('3')
  await expect(thresholds.getByText('Від 50 до 110 °C')).toBeVisible()

  // Out of range, not a number, empty: each field says what is wrong; nothing is sent.
  let patches = 0
  page.on('request', (sent) => {
    if (sent.method() === 'PATCH' && sent.url().includes('/alarm-settings')) patches += 1
  })
  await overheat.fill('200')
  await thresholds.getByLabel('Загроза замерзання, °C').fill('холодно')
  await offline.fill('')
  await thresholds.getByRole('button', { name: 'Зберегти пороги' }).click()
  await expect(thresholds.getByText('Введіть число, наприклад 85 або 7,5')).toBeVisible()
  await expect(thresholds.getByText('Введіть значення')).toBeVisible()
  await thresholds.getByLabel('Загроза замерзання, °C').fill('4,5')
  await offline.fill('30')
  await thresholds.getByRole('button', { name: 'Зберегти пороги' }).click()
  await expect(thresholds.getByText('Поріг перегріву — від 50 до 110 °C')).toBeVisible()
  expect(patches).toBe(0)

  await overheat.fill('85')
  await thresholds.getByRole('button', { name: 'Зберегти пороги' }).click()
  await expect(page.getByText('Пороги тривог збережено')).toBeVisible()
  expect(patches).toBe(1)
  const stored = await api<Thresholds>(request, ownerToken, 'GET', `items/${itemId}/alarm-settings`)
  expect(stored.data.attributes).toEqual({
    overheat_temp: 85,
    frost_temp: 4.5,
    offline_minutes: 30,
    fuel_days: 3,
    reorder_days: 3,
  })
  await page.reload()
  await expect(section(page).getByLabel('Перегрів, °C')).toHaveValue('85')
  await expect(section(page).getByLabel('Загроза замерзання, °C')).toHaveValue('4,5')
})

test('a viewer sees the thresholds, cannot change them, and is told why', async ({ page, request }) => {
  const ownerToken = await registered(request, `thresholds-owner-${unique()}@teplo.test`)
  const itemId = await boilerOf(request, ownerToken)
  const viewerEmail = `thresholds-viewer-${unique()}@teplo.test`
  const viewerToken = await registered(request, viewerEmail)
  await api(request, ownerToken, 'POST', `items/${itemId}/shares`, { email: viewerEmail, access: 'viewer' })

  await useToken(page, viewerToken)
  await page.goto(`/dashboards?device=${itemId}`)
  const thresholds = section(page)
  await expect(thresholds.getByLabel('Перегрів, °C')).toHaveValue('90')
  await expect(thresholds.getByLabel('Перегрів, °C')).toBeDisabled()
  await expect(thresholds.getByLabel('Запас палива, днів')).toBeDisabled()
  await expect(
    thresholds.getByText('Ваш рівень доступу — «Перегляд», тож їх можна лише переглянути.', { exact: false }),
  ).toBeVisible()
  await expect(thresholds.getByRole('button', { name: 'Зберегти пороги' })).toHaveCount(0)
  // The server holds the same rule.
  const refused = await request.patch(`/api/v2/items/${itemId}/alarm-settings`, {
    headers: { Authorization: `Bearer ${viewerToken}`, 'Content-Type': 'application/vnd.api+json' },
    data: JSON.stringify({ data: { type: 'alarm-settings', attributes: { overheat_temp: 80 } } }),
  })
  expect(refused.status()).toBe(403)
})

/** A paired boiler on the account holding `ownerToken`. */
async function boilerOf(request: APIRequestContext, ownerToken: string) {
  const owner = await api<{ data: { id: string } }>(request, ownerToken, 'GET', 'me')
  return (await pairedBoilerOf(request, owner.data.id, `Котел ${unique()}`)).id
}
