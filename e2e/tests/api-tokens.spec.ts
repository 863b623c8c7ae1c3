import { type APIRequestContext, expect, test } from '@playwright/test'
import { apiToken, useToken } from '../support/api-session'
import { demoAccount } from '../support/auth'
import { expectNoSidewaysScroll } from '../support/page-width'

// Phone first: the screen is used at a phone's width.
test.use({ viewport: { width: 390, height: 844 } })

const withToken = (
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'PATCH',
  path: string,
  body?: object,
) =>
  request.fetch(`/api/v2${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    ...(body ? { data: JSON.stringify(body) } : {}),
  })

test('a read token made on the account screen cannot change a setting (403); a control token can', async ({
  page,
  request,
}) => {
  const owner = demoAccount('user')
  const session = await apiToken(request, 'user')
  await useToken(page, session)
  await page.goto('/account/settings')

  const section = page.getByRole('region', { name: 'API-токени' })
  await section.getByRole('button', { name: 'Створити токен' }).click()
  const dialog = page.getByRole('dialog', { name: 'Новий API-токен' })
  await dialog.getByLabel('Назва').fill('E2E read')
  await dialog.getByLabel('Поточний пароль').fill(owner.password)
  await expectNoSidewaysScroll(page, 'new API token dialog')
  await dialog.getByRole('button', { name: 'Створити' }).click()
  const secret = await page.getByTestId('api-token-secret').inputValue()
  await expectNoSidewaysScroll(page, 'the new token shown once')
  expect(secret).toMatch(/^teplo_pat_/)
  await page.getByRole('button', { name: 'Готово' }).click()
  await expect(section.getByText('E2E read')).toBeVisible()

  const list = await withToken(request, secret, 'GET', '/items')
  expect(list.status()).toBe(200)
  expect(list.headers()['ratelimit-limit']).toBeTruthy()
  const id = ((await list.json()) as { data: { id: string }[] }).data[0]!.id
  const refused = await withToken(request, secret, 'PATCH', `/items/${id}`, { status: 'off' })
  expect(refused.status()).toBe(403)

  // The password was confirmed on the screen a moment ago: the same session may make another without it.
  const made = await request.post('/api/v2/me/api-tokens', {
    headers: { Authorization: `Bearer ${session}` },
    data: { name: 'E2E control', scopes: ['control'] },
  })
  expect(made.status(), await made.text()).toBe(201)
  const control = ((await made.json()) as { meta: { token: string } }).meta.token
  const changed = await withToken(request, control, 'PATCH', `/items/${id}`, { status: 'off' })
  expect(changed.status(), await changed.text()).toBe(200)
})
