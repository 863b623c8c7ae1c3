import { type APIRequestContext, expect, type Page, test } from '@playwright/test'
import { waitForMail } from '../support/mail'
import { checkScreen } from '../support/screen-check'

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text })
const section = (page: Page, title: string) => page.getByRole('region', { name: title })

interface Account {
  name: string
  email: string
  password: string
}

/** A throwaway account, so that changing or deleting it touches nobody else's data. */
async function register(request: APIRequestContext, label: string): Promise<Account> {
  const unique = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`
  const account = {
    name: `E2E ${label}`,
    email: `e2e-${label}-${unique}@example.com`,
    password: 'first-pass-1',
  }
  const response = await request.post('/api/v2/register', {
    data: { ...account, password_confirmation: account.password },
  })
  expect(response.status(), await response.text()).toBe(200)
  return account
}

async function signInAs(page: Page, account: Pick<Account, 'email' | 'password'>) {
  await page.goto('/login')
  await page.getByLabel('Email').fill(account.email)
  await page.getByLabel('Пароль', { exact: true }).fill(account.password)
  await page.getByRole('button', { name: 'Увійти', exact: true }).click()
  await expect(page).toHaveURL(/\/dashboards$/)
}

const login = (request: APIRequestContext, email: string, password: string) =>
  request.post('/api/v2/login', { data: { email, password } })

test('a user renames the account and changes the e-mail only with the right current password', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000)
  const account = await register(request, 'settings')
  await signInAs(page, account)
  await page.getByRole('link', { name: 'Налаштування акаунта' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Налаштування акаунта' })).toBeVisible()
  await expect(section(page, 'Зміна email').getByLabel('Поточний email')).toHaveValue(account.email)
  await expect(section(page, 'Телефон і сповіщення')).toContainText('в розробці')
  await expect(section(page, 'Телефон і сповіщення').getByLabel('Телефон')).toBeDisabled()
  await checkScreen(page, 'account-settings')

  const names = section(page, 'Основна інформація')
  await names.getByLabel("Ім'я").fill(`${account.name} змінено`)
  await names.getByRole('button', { name: 'Зберегти' }).click()
  await expect(toast(page, 'Основну інформацію оновлено успішно!')).toBeVisible()

  const email = section(page, 'Зміна email')
  const newEmail = `new-${account.email}`
  await email.getByLabel('Поточний пароль', { exact: true }).fill('not-my-password')
  await email.getByLabel('Новий email').fill(newEmail)
  await email.getByRole('button', { name: 'Змінити email' }).click()
  await expect(email.getByText('Невірний поточний пароль')).toBeVisible()
  await expect(email.getByLabel('Поточний email')).toHaveValue(account.email)

  // The change waits for the link mailed to the new address (ADR 034); the old address is told.
  await email.getByLabel('Поточний пароль', { exact: true }).fill(account.password)
  await email.getByRole('button', { name: 'Змінити email' }).click()
  await expect(toast(page, `Лист із посиланням надіслано на ${newEmail}`)).toBeVisible()
  await expect(email.getByText(`Очікує підтвердження: ${newEmail}`)).toBeVisible()
  await expect(email.getByLabel('Поточний email')).toHaveValue(account.email)
  expect(await waitForMail(account.email)).toContain(newEmail)

  const link = /https?:\/\/\S+\/email\/verify\?token=[\w-]+/.exec(await waitForMail(newEmail))?.[0]
  expect(link).toBeTruthy()
  await page.goto(new URL(link ?? '').pathname + new URL(link ?? '').search)
  await expect(page.getByText('Email оновлено успішно!')).toBeVisible()
  await expect(page.getByText(`Тепер адреса вашого облікового запису — ${newEmail}.`)).toBeVisible()
  await page.getByRole('link', { name: 'До налаштувань облікового запису' }).click()
  await expect(section(page, 'Зміна email').getByLabel('Поточний email')).toHaveValue(newEmail)
  await expect(section(page, 'Зміна email').getByText('Адресу підтверджено')).toBeVisible()
  await expect(section(page, 'Основна інформація').getByLabel("Ім'я")).toHaveValue(`${account.name} змінено`)
  expect((await login(request, newEmail, account.password)).status()).toBe(200)
})

test('a user changes the password, then deletes the account and lands on the sign-in page', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000)
  const account = await register(request, 'delete')
  await signInAs(page, account)
  await page.getByRole('link', { name: 'Налаштування акаунта' }).click()

  const password = section(page, 'Зміна пароля')
  await password.getByLabel('Поточний пароль', { exact: true }).fill('not-my-password')
  await password.getByLabel('Новий пароль', { exact: true }).fill('second-pass-2')
  await password.getByLabel('Підтвердження нового пароля').fill('second-pass-2')
  await password.getByRole('button', { name: 'Змінити пароль' }).click()
  await expect(password.getByText('Невірний поточний пароль')).toBeVisible()

  await password.getByLabel('Поточний пароль', { exact: true }).fill(account.password)
  await password.getByRole('button', { name: 'Змінити пароль' }).click()
  await expect(toast(page, 'Пароль оновлено успішно!')).toBeVisible()
  await expect(password.getByLabel('Поточний пароль', { exact: true })).toHaveValue('')
  expect((await login(request, account.email, 'second-pass-2')).status()).toBe(200)

  await section(page, 'Видалення акаунта').getByRole('button', { name: 'Видалити акаунт' }).click()
  const confirm = page.getByRole('dialog', { name: 'Видалити акаунт?' })
  await confirm.getByLabel('Поточний пароль', { exact: true }).fill('not-my-password')
  await confirm.getByRole('button', { name: 'Видалити назавжди' }).click()
  await expect(confirm.getByText('Невірний поточний пароль')).toBeVisible()
  expect((await login(request, account.email, 'second-pass-2')).status()).toBe(200)
  await confirm.getByLabel('Поточний пароль', { exact: true }).fill('second-pass-2')
  await confirm.getByRole('button', { name: 'Видалити назавжди' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByText('Ваш акаунт видалено.')).toBeVisible()
  await expect.poll(() => page.evaluate(() => localStorage.getItem('access_token'))).toBeNull()
  expect((await login(request, account.email, 'second-pass-2')).status()).toBe(401)
})
