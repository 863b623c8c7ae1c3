import { type APIRequestContext, expect, type Page, test } from '@playwright/test'

const section = (page: Page) => page.getByRole('region', { name: 'Сеанси входу' })

/** A throwaway account, so that ending its sessions touches nobody else. */
async function register(request: APIRequestContext) {
  const unique = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`
  const account = {
    name: 'E2E sessions',
    email: `e2e-sessions-${unique}@example.com`,
    password: 'first-pass-1',
  }
  const response = await request.post('/api/v2/register', {
    data: { ...account, password_confirmation: account.password },
  })
  expect(response.status(), await response.text()).toBe(200)
  return account
}

/** Another browser signing in: a phone, as its User-Agent says. */
async function signInElsewhere(
  request: APIRequestContext,
  email: string,
  password: string,
  userAgent: string,
) {
  const response = await request.post('/api/v2/login', {
    data: { email, password },
    headers: { 'user-agent': userAgent },
  })
  expect(response.status()).toBe(200)
  return ((await response.json()) as { access_token: string }).access_token
}

const me = (request: APIRequestContext, token: string) =>
  request.get('/api/v2/me', { headers: { Authorization: `Bearer ${token}` } })

const PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36'
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1'

test('the owner sees where the account is signed in, ends one session, then every other', async ({
  page,
  request,
}) => {
  const account = await register(request)
  const phone = await signInElsewhere(request, account.email, account.password, PHONE)
  const iphone = await signInElsewhere(request, account.email, account.password, IPHONE)

  await page.goto('/login')
  await page.getByLabel('Email').fill(account.email)
  await page.getByLabel('Пароль', { exact: true }).fill(account.password)
  await page.getByRole('button', { name: 'Увійти', exact: true }).click()
  await expect(page).toHaveURL(/\/dashboards$/)
  await page.goto('/account/settings')

  const sessions = section(page)
  await expect(sessions.getByText('Chrome 131 · Android 14')).toBeVisible()
  await expect(sessions.getByText('Safari 18 · iOS 18')).toBeVisible()
  // This browser is marked, and cannot be ended from here (that is signing out).
  await expect(sessions.getByText('Цей пристрій')).toBeVisible()

  await sessions.getByRole('button', { name: 'Завершити сеанс: Chrome 131 · Android 14' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Сеанс завершено.' })).toBeVisible()
  await expect(sessions.getByText('Chrome 131 · Android 14')).toHaveCount(0)
  expect((await me(request, phone)).status()).toBe(401)
  expect((await me(request, iphone)).status()).toBe(200)

  await sessions.getByRole('button', { name: 'Вийти на всіх інших пристроях' }).click()
  await expect(sessions.getByText('Вхід виконано лише на цьому пристрої.')).toBeVisible()
  expect((await me(request, iphone)).status()).toBe(401)
  // This browser is still signed in.
  await page.reload()
  await expect(section(page).getByText('Цей пристрій')).toBeVisible()
})
