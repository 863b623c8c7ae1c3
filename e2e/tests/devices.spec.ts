import { expect, type Page, test } from '@playwright/test'
import { api, apiToken, useToken } from '../support/api-session'
import { demoAccount } from '../support/auth'
import { createDevice, freshSerial, removeDevice } from '../support/devices'
import { checkScreen } from '../support/screen-check'

const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text })
const card = (page: Page, name: string) => page.getByRole('article', { name })

test.describe('as the demo creator', () => {
  let creator: string
  test.beforeAll(async ({ request }) => {
    creator = await apiToken(request, 'creator')
  })
  test.beforeEach(async ({ page }) => {
    await useToken(page, creator)
  })

  test('creates a device, sees its verification code, edits and deletes it', async ({ page, request }) => {
    test.setTimeout(120_000)
    const name = `E2E котел ${stamp}`
    await page.goto('/items')
    await expect(page.getByRole('heading', { level: 1, name: 'Підключені пристрої' })).toBeVisible()
    await expect(page.getByRole('article').first()).toContainText(/\d{2}\.\d{2}\.\d{2}/)
    await checkScreen(page, 'devices-list')

    await page.getByRole('link', { name: 'Додати пристрій' }).click()
    await expect(page).toHaveURL(/\/items\/new$/)
    await expect(page.getByLabel('Назва')).toHaveValue('Пристрій 1')
    await expect(page.getByLabel('Власник')).toHaveValue(
      `${demoAccount('creator').name} (${demoAccount('creator').email})`,
    )
    await expect(page.getByLabel('Тип пристрою')).not.toHaveValue('')
    await page.getByRole('button', { name: 'Додати пристрій' }).click()
    await expect(page.getByText('Будь ласка, введіть коректний серійний номер')).toBeVisible()
    await checkScreen(page, 'devices-new')

    await page.getByLabel('Назва').fill(name)
    await page.getByLabel(/Серійний номер/).fill(freshSerial())
    await page.getByLabel('Адреса').fill('Вінниця, вул. Соборна, 1')
    await page.getByRole('button', { name: 'Додати пристрій' }).click()

    const dialog = page.getByRole('dialog', { name: 'Пристрій додано' })
    await expect(dialog).toContainText('на контролері')
    const code = (await dialog.getByTestId('verification-code').textContent())?.trim() ?? ''
    expect(code).toMatch(/^[A-Z0-9]{4}$/)
    await checkScreen(page, 'devices-verification-code')
    await dialog.getByRole('button', { name: 'До списку пристроїв' }).click()

    await expect(page).toHaveURL(/\/items$/)
    await expect(card(page, name)).toContainText(`очікуємо підтвердження (код: ${code})`)
    await expect(card(page, name)).toContainText(demoAccount('creator').name)

    await card(page, name)
      .getByRole('link', { name: `Редагувати: ${name}` })
      .click()
    await expect(page).toHaveURL(/\/items\/edit\/\d+$/)
    const id = page.url().split('/').pop() ?? ''
    await expect(page.getByLabel('Серійний номер')).toHaveJSProperty('readOnly', true)
    await expect(page.getByText(`очікуємо підтвердження (код: ${code})`)).toBeVisible()
    await expect(page.getByRole('switch', { name: 'Показувати першим на головній' })).not.toBeChecked()
    await checkScreen(page, 'devices-edit')

    await page.getByLabel('Назва').fill(`${name} (змінено)`)
    await page.getByRole('switch', { name: 'Показувати першим на головній' }).check()
    await page.getByRole('button', { name: 'Зберегти' }).click()
    await expect(toast(page, 'Дані оновлено!')).toBeVisible()
    const saved = await api<{ data: { attributes: { name: string; is_on_homepage: boolean } } }>(
      request,
      creator,
      'GET',
      `items/${id}`,
    )
    expect(saved.data.attributes).toMatchObject({ name: `${name} (змінено)`, is_on_homepage: true })

    await page.getByRole('link', { name: 'До списку пристроїв' }).click()
    await card(page, `${name} (змінено)`)
      .getByRole('button', { name: `Видалити: ${name} (змінено)` })
      .click()
    await page
      .getByRole('dialog', { name: 'Ви впевнені?' })
      .getByRole('button', { name: 'Так, видалити' })
      .click()
    await expect(toast(page, 'Пристрій успішно видалено!')).toBeVisible()
    await expect(card(page, `${name} (змінено)`)).toHaveCount(0)
  })

  test('is told when the serial number is already registered', async ({ page, request }) => {
    const serial = freshSerial(1)
    const existing = await createDevice(request, creator, `E2E дубль ${stamp}`, serial)

    await page.goto('/items/new')
    await page.getByLabel(/Серійний номер/).fill(serial)
    await page.getByRole('button', { name: 'Додати пристрій' }).click()
    await expect(page.getByText('Пристрій з таким серійним номером вже існує')).toBeVisible()
    await expect(page.getByLabel(/Серійний номер/)).toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByRole('dialog')).toHaveCount(0)

    await removeDevice(request, creator, existing.data.id)
  })

  test('gives a verified device a new pairing code that a controller proves for new credentials', async ({
    page,
    request,
  }) => {
    const name = `E2E перепідключення ${stamp}`
    const serial = freshSerial(2)
    const created = await createDevice(request, creator, name, serial)
    const first = await request.post('/api/v2/items/verify-token', {
      data: { serial_number: serial, token: created.meta.verification_token },
    })
    expect(first.status()).toBe(200)

    await page.goto('/items')
    await card(page, name)
      .getByRole('button', { name: `Новий код підключення: ${name}` })
      .click()
    const dialog = page.getByRole('dialog', { name: 'Новий код підключення' })
    const code = (await dialog.getByTestId('verification-code').textContent())?.trim() ?? ''
    expect(code).toMatch(/^[A-Z0-9]{4}$/)
    await dialog.getByRole('button', { name: 'До списку пристроїв' }).click()

    const again = await request.post('/api/v2/items/verify-token', {
      data: { serial_number: serial, token: code },
    })
    expect(again.status()).toBe(200)
    const { attributes } = (await again.json()).data
    expect(attributes.password).not.toBe((await first.json()).data.attributes.password)
    expect(attributes.broker).toMatchObject({ port: expect.any(Number), tls: false })

    await removeDevice(request, creator, created.data.id)
  })
})

test('the demo user is kept out of device management', async ({ page, request }) => {
  await useToken(page, await apiToken(request, 'user'))
  await page.goto('/items/new')
  await expect(page).toHaveURL(/\/dashboards$/)
})
