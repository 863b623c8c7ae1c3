import { type APIRequestContext, expect, type Page, test } from '@playwright/test'

interface Account {
  email: string
  password: string
}

/** A throwaway account (Ukrainian, the default), so that its language touches nobody else's screens. */
async function register(request: APIRequestContext): Promise<Account> {
  const unique = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`
  const account = {
    name: 'E2E language',
    email: `e2e-language-${unique}@example.com`,
    password: 'first-pass-1',
  }
  const response = await request.post('/api/v2/register', {
    data: { ...account, password_confirmation: account.password },
  })
  expect(response.status(), await response.text()).toBe(200)
  return account
}

/** The account's stored language, as GET /me answers it. */
async function accountLanguage(request: APIRequestContext, account: Account): Promise<string> {
  const login = await request.post('/api/v2/login', { data: account })
  const { access_token } = (await login.json()) as { access_token: string }
  const me = await request.get('/api/v2/me', { headers: { Authorization: `Bearer ${access_token}` } })
  expect(me.status()).toBe(200)
  return ((await me.json()) as { data: { attributes: { language: string } } }).data.attributes.language
}

async function signIn(page: Page, account: Account, labels: { password: string; submit: string }) {
  const email = page.getByLabel('Email')
  const password = page.getByLabel(labels.password, { exact: true })
  // The demo prefill may land late on a busy machine: type again until both fields hold what was typed.
  await expect(async () => {
    await email.fill(account.email)
    await password.fill(account.password)
    await expect(email).toHaveValue(account.email, { timeout: 500 })
    await expect(password).toHaveValue(account.password, { timeout: 500 })
  }).toPass({ timeout: 10_000 })
  await page.getByRole('button', { name: labels.submit, exact: true }).click()
  await expect(page).toHaveURL(/\/dashboards$/)
}

const html = (page: Page) => page.locator('html')

test('English is chosen on the sign-in page, kept by the browser and by the account, and switched back in the settings', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000)
  const account = await register(request)

  // Before signing in: the browser remembers the choice.
  await page.goto('/login')
  await expect(html(page)).toHaveAttribute('lang', 'uk')
  await page.getByRole('button', { name: 'English' }).click()
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible()
  await expect(page.getByText('Sign in to manage your boilers')).toBeVisible()
  await expect(html(page)).toHaveAttribute('lang', 'en')
  await page.reload()
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible()

  // Signed in, the account's own language (Ukrainian, as registered) wins over the browser's.
  await signIn(page, account, { password: 'Password', submit: 'Sign in' })
  await expect(page.getByRole('navigation', { name: 'Головне меню' })).toBeVisible()
  await expect(html(page)).toHaveAttribute('lang', 'uk')

  // The top bar's switch stores English on the account.
  await page.getByRole('button', { name: 'English' }).click()
  const menu = page.getByRole('navigation', { name: 'Main menu' })
  await expect(menu.getByRole('link', { name: 'Home' })).toBeVisible()
  await expect(html(page)).toHaveAttribute('lang', 'en')
  await expect.poll(() => accountLanguage(request, account)).toBe('en')
  await page.reload()
  await expect(menu.getByRole('link', { name: 'Home' })).toBeVisible()

  // Another browser that never chose a language shows the account's English once signed in.
  const other = await browser.newPage()
  await other.goto('/login')
  await expect(other.getByRole('button', { name: 'Увійти', exact: true })).toBeVisible()
  await signIn(other, account, { password: 'Пароль', submit: 'Увійти' })
  await expect(other.getByRole('navigation', { name: 'Main menu' })).toBeVisible()
  await other.close()

  // Account settings: back to Ukrainian, stored on the account as well.
  await page.getByRole('link', { name: 'Account settings' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible()
  await page.getByRole('region', { name: 'Language' }).getByRole('radio', { name: 'Українська' }).check()
  await expect(page.getByRole('heading', { level: 1, name: 'Налаштування акаунта' })).toBeVisible()
  await expect(page.getByRole('alert').filter({ hasText: 'Мову змінено' })).toBeVisible()
  await expect(html(page)).toHaveAttribute('lang', 'uk')
  await expect.poll(() => accountLanguage(request, account)).toBe('uk')
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'Налаштування акаунта' })).toBeVisible()
})

test('dates and numbers follow the language on a signed-in screen', async ({ page, request }) => {
  const account = await register(request)
  await page.goto('/login')
  await page.getByRole('button', { name: 'English' }).click()
  await signIn(page, account, { password: 'Password', submit: 'Sign in' })
  // Chosen while signed in, the language is the account's once the server has it; a page load before that
  // takes the account's stored one.
  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/api/v2/me') && response.request().method() === 'PATCH',
  )
  await page.getByRole('button', { name: 'English' }).click()
  expect((await saved).ok()).toBe(true)
  await page.goto('/pages/profile/teams')
  // 'Member since' shows the registration day as dd/mm/yy in English.
  await expect(page.getByText(/\d{2}\/\d{2}\/\d{2}/).first()).toBeVisible()
  await page.getByRole('button', { name: 'Українська' }).click()
  await expect(page.getByText(/\d{2}\.\d{2}\.\d{2}/).first()).toBeVisible()
})
