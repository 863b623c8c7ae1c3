import { expect, test } from '@playwright/test'
import { demoAccount, signIn } from '../support/auth'

const MENU = [
  'Головна',
  'Підключені пристрої',
  'Сервісні налаштування',
  'Оновлення',
  'Користувачі',
  'Довідка',
]

test('the demo admin signs in with the prefilled form, sees the shell in Ukrainian and logs out', async ({
  page,
}) => {
  await page.goto('/')
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.locator('html')).toHaveAttribute('lang', 'uk')

  const admin = demoAccount('admin')
  await expect(page.getByLabel('Email')).toHaveValue(admin.email)
  await expect(page.getByLabel('Пароль', { exact: true })).toHaveValue(admin.password)
  await expect(page.getByLabel("Запам'ятати мене")).toBeChecked()
  await page.getByRole('button', { name: 'Увійти', exact: true }).click()

  await expect(page).toHaveURL(/\/dashboards$/)
  const nav = page.getByRole('navigation', { name: 'Головне меню' })
  for (const label of MENU) await expect(nav.getByRole('link', { name: label })).toBeVisible()
  await expect(page.getByText('Потрібна допомога?')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Налаштування акаунта' })).toBeVisible()

  await page.getByRole('button', { name: 'Вихід' }).click()
  await expect(page).toHaveURL(/\/login$/)
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull()
  await page.goto('/dashboards')
  await expect(page).toHaveURL(/\/login$/)
})

test('a wrong password shows the popup and stays on the login page', async ({ page }) => {
  await page.goto('/login')
  // The demo administrator's e-mail is prefilled before anything is typed.
  await expect(page.getByLabel('Email')).toHaveValue(demoAccount('admin').email)
  await page.getByLabel('Пароль', { exact: true }).fill('wrong-password')
  await page.getByRole('button', { name: 'Увійти', exact: true }).click()
  await expect(page.getByRole('dialog')).toContainText('Невірні дані!')
  await expect(page).toHaveURL(/\/login$/)
})

test('the form shows the validation messages without calling the server', async ({ page }) => {
  await page.goto('/login')
  await page.getByLabel('Email').fill('')
  await page.getByLabel('Пароль', { exact: true }).fill('')
  await page.getByRole('button', { name: 'Увійти', exact: true }).click()
  await expect(page.getByText("Email обов'язковий!")).toBeVisible()
  await expect(page.getByText('Необхідно ввести пароль!')).toBeVisible()
})

test('a demo prefill answered while the user is typing does not mix into the fields', async ({ page }) => {
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/api/v2/demo-logins', async (route) => {
    await held
    await route.continue()
  })
  await page.goto('/login')
  const email = page.getByLabel('Email')
  await email.focus()
  const answered = page.waitForResponse('**/api/v2/demo-logins')
  release()
  await answered
  await expect(email).toHaveValue('')
  const user = demoAccount('user')
  await email.fill(user.email)
  await page.getByLabel('Пароль', { exact: true }).fill(user.password)
  await page.getByRole('button', { name: 'Увійти', exact: true }).click()
  await expect(page).toHaveURL(/\/dashboards$/)
})

test('the demo user is kept out of admin pages and a signed-in user out of the login page', async ({
  page,
}) => {
  await signIn(page, 'user')
  await page.goto('/users/list')
  await expect(page).toHaveURL(/\/dashboards$/)
  await page.goto('/roles/list')
  await expect(page).toHaveURL(/\/dashboards$/)
  await page.goto('/login')
  await expect(page).toHaveURL(/\/dashboards$/)
})

test('a revoked token logs the user out to the login page', async ({ page }) => {
  await signIn(page, 'user')
  await page.evaluate(() => localStorage.setItem('access_token', 'revoked-or-made-up'))
  await page.goto('/dashboards')
  await expect(page).toHaveURL(/\/login$/)
})

test('the compact layout at 375 px opens the menu from the top bar', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 })
  await signIn(page, 'admin')
  const nav = page.getByRole('navigation', { name: 'Головне меню' })
  await expect(nav.getByRole('link', { name: 'Довідка' })).toBeHidden()
  await page.getByRole('button', { name: 'Відкрити меню' }).click()
  await expect(nav.getByRole('link', { name: 'Довідка' })).toBeVisible()
})
