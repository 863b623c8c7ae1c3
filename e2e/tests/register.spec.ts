import { expect, test } from '@playwright/test'
import { demoAccount } from '../support/auth'
import { checkScreen } from '../support/screen-check'

const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`

test('a visitor registers a new account, must accept the terms first, and lands signed in on /dashboards', async ({
  page,
}) => {
  const registerCalls: string[] = []
  page.on('request', (request) => {
    if (request.url().endsWith('/api/v2/register')) registerCalls.push(request.method())
  })
  const email = `register-${unique()}@teplo.test`

  await page.goto('/login')
  await page.getByRole('link', { name: 'Зареєструватися' }).click()
  await expect(page).toHaveURL(/\/register$/)
  await expect(page.getByRole('navigation', { name: 'Головне меню' })).toHaveCount(0)
  await checkScreen(page, 'register')

  await page.getByLabel('Логін').fill('Новий власник')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Пароль', { exact: true }).fill('warm-house-1')
  await page.getByLabel('Підтвердження пароля').fill('warm-house-1')
  const terms = page.getByRole('checkbox', { name: 'Я приймаю Правила та умови' })
  await expect(terms).not.toBeChecked()
  await page.getByRole('button', { name: 'Зареєструватися' }).click()
  await expect(page.getByText('Будь ласка, прийміть Правила та умови!')).toBeVisible()
  expect(registerCalls).toEqual([])

  await terms.check()
  await page.getByRole('button', { name: 'Зареєструватися' }).click()
  await expect(page).toHaveURL(/\/dashboards$/)
  await expect(page.getByText('Успішно зареєстровано! Ви автоматично ввійшли в систему.')).toBeVisible()
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeTruthy()

  // The account is real: its profile carries the name it was registered with.
  await page.goto('/pages/profile/teams')
  await expect(page.getByRole('heading', { name: 'Новий власник' })).toBeVisible()
  await expect(page.getByText(email)).toBeVisible()
})

test('registering with an e-mail that is taken shows the error and stays signed out', async ({ page }) => {
  await page.goto('/register')
  await page.getByLabel('Логін').fill('Двійник')
  await page.getByLabel('Email').fill(demoAccount('user').email)
  await page.getByLabel('Пароль', { exact: true }).fill('warm-house-1')
  await page.getByLabel('Підтвердження пароля').fill('warm-house-1')
  await page.getByRole('checkbox', { name: 'Я приймаю Правила та умови' }).check()
  await page.getByRole('button', { name: 'Зареєструватися' }).click()

  await expect(page.getByText('Ця пошта вже зареєстрована.')).toHaveCount(2)
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true')
  await expect(page).toHaveURL(/\/register$/)
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull()
})
