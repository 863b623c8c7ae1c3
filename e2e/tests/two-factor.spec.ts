import { readFile } from 'node:fs/promises'
import { type APIRequestContext, expect, type Page, test } from '@playwright/test'
import { Secret, TOTP } from 'otpauth'

// Two-factor sign-in with an authenticator app (ADR 041): the codes are computed here as the app would.
const section = (page: Page) => page.getByRole('region', { name: 'Двофакторний вхід' })
const codeAt = (secret: string, timestamp = Date.now()) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp })

/** A throwaway account, so that turning its second factor on touches nobody else. */
async function register(request: APIRequestContext) {
  const unique = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`
  const account = { name: 'E2E 2FA', email: `e2e-2fa-${unique}@example.com`, password: 'first-pass-1' }
  const response = await request.post('/api/v2/register', {
    data: { ...account, password_confirmation: account.password },
  })
  expect(response.status(), await response.text()).toBe(200)
  return account
}

async function signOut(page: Page) {
  await page.evaluate(() => localStorage.removeItem('access_token'))
  await page.goto('/login')
}

async function enterPassword(page: Page, account: { email: string; password: string }) {
  await page.goto('/login')
  await page.getByLabel('Email').fill(account.email)
  await page.getByLabel('Пароль', { exact: true }).fill(account.password)
  await page.getByRole('button', { name: 'Увійти', exact: true }).click()
}

test('the owner turns the authenticator app on, signs in with a code and a recovery code, and turns it off', async ({
  page,
  request,
}) => {
  const account = await register(request)
  await enterPassword(page, account)
  await expect(page).toHaveURL(/\/dashboards$/)
  await page.goto('/account/settings')

  // Turn on: the password, then the QR code and the key, then a code from the app.
  await section(page).getByRole('button', { name: 'Увімкнути двофакторний вхід' }).click()
  const dialog = page.getByRole('dialog', { name: 'Увімкнення двофакторного входу' })
  await dialog.getByLabel('Поточний пароль', { exact: true }).fill('wrong-password')
  await dialog.getByRole('button', { name: 'Далі' }).click()
  await expect(dialog.getByText('Невірний поточний пароль')).toBeVisible()
  await dialog.getByLabel('Поточний пароль', { exact: true }).fill(account.password)
  await dialog.getByRole('button', { name: 'Далі' }).click()
  const qr = dialog.getByRole('img', { name: 'QR-код для застосунку-автентифікатора' })
  await expect(qr.locator('img')).toHaveAttribute('src', /^data:image\/svg\+xml/)
  const secret = ((await dialog.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '')
  expect(secret).toMatch(/^[A-Z2-7]{32}$/)
  await dialog.getByLabel('Код із застосунку').fill('000000')
  await dialog.getByRole('button', { name: 'Увімкнути' }).click()
  await expect(dialog.getByText('Невірний код. Перевірте час на телефоні й спробуйте ще раз.')).toBeVisible()
  await dialog.getByLabel('Код із застосунку').fill(codeAt(secret))
  await dialog.getByRole('button', { name: 'Увімкнути' }).click()

  // The recovery codes, once: ten of them, to save.
  const codesDialog = page.getByRole('dialog', { name: 'Коди відновлення' })
  const list = codesDialog.getByRole('list', { name: 'Коди відновлення' })
  await expect(list.getByRole('listitem')).toHaveCount(10)
  const recoveryCodes = await list.getByRole('listitem').allInnerTexts()
  const download = page.waitForEvent('download')
  await codesDialog.getByRole('button', { name: 'Завантажити' }).click()
  const saved = await readFile(await (await download).path(), 'utf8')
  for (const code of recoveryCodes) expect(saved).toContain(code)
  await codesDialog.getByRole('button', { name: 'Я зберіг коди' }).click()
  await expect(section(page).getByText('Увімкнено')).toBeVisible()
  await expect(section(page).getByText('Залишилося 10 кодів відновлення.')).toBeVisible()

  // Signing in now asks for the code after the password. (The code that confirmed is spent: the next step's.)
  await signOut(page)
  await enterPassword(page, account)
  await expect(page.getByRole('heading', { name: 'Підтвердження входу' })).toBeVisible()
  await page.getByLabel('Код підтвердження').fill(codeAt(secret, Date.now() + 30_000))
  await page.getByRole('button', { name: 'Підтвердити' }).click()
  await expect(page).toHaveURL(/\/dashboards$/)

  // A recovery code instead, once.
  await signOut(page)
  await enterPassword(page, account)
  await page.getByLabel('Код підтвердження').fill(recoveryCodes[0]!)
  await page.getByRole('button', { name: 'Підтвердити' }).click()
  await expect(page).toHaveURL(/\/dashboards$/)
  await page.goto('/account/settings')
  await expect(section(page).getByText('Залишилося 9 кодів відновлення.')).toBeVisible()

  // Turning off asks for the password.
  await section(page).getByRole('button', { name: 'Вимкнути двофакторний вхід' }).click()
  const off = page.getByRole('dialog', { name: 'Вимкнути двофакторний вхід?' })
  await off.getByLabel('Поточний пароль', { exact: true }).fill(account.password)
  await off.getByRole('button', { name: 'Вимкнути' }).click()
  await expect(section(page).getByText('Вимкнено: для входу досить пароля.')).toBeVisible()
  await signOut(page)
  await enterPassword(page, account)
  await expect(page).toHaveURL(/\/dashboards$/)
})

test('the owner adds a passkey, confirms a sign-in with it, signs in with it alone, and removes it', async ({
  page,
  request,
}) => {
  // Chromium's virtual authenticator: a platform passkey that verifies the person (as a fingerprint would).
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })

  const account = await register(request)
  await enterPassword(page, account)
  await expect(page).toHaveURL(/\/dashboards$/)
  await page.goto('/account/settings')
  await section(page).getByRole('button', { name: 'Додати ключ доступу' }).click()
  const dialog = page.getByRole('dialog', { name: 'Новий ключ доступу' })
  await dialog.getByLabel('Назва ключа').fill('Ноутбук')
  await dialog.getByLabel('Поточний пароль', { exact: true }).fill(account.password)
  await dialog.getByRole('button', { name: 'Створити ключ' }).click()
  const passkeys = section(page).getByRole('list', { name: 'Ключі доступу' })
  await expect(passkeys.getByText('Ноутбук')).toBeVisible()

  // After the password, the passkey stands in for the code.
  await signOut(page)
  await enterPassword(page, account)
  await expect(page.getByRole('heading', { name: 'Підтвердження входу' })).toBeVisible()
  await expect(page.getByLabel('Код підтвердження')).toHaveCount(0)
  await page.getByRole('button', { name: 'Підтвердити ключем доступу' }).click()
  await expect(page).toHaveURL(/\/dashboards$/)

  // Without a password at all.
  await signOut(page)
  await page.getByRole('button', { name: 'Увійти з ключем доступу' }).click()
  await expect(page).toHaveURL(/\/dashboards$/)
  await page.goto('/account/settings')
  await expect(passkeys.getByText(/Останній вхід/)).toBeVisible()

  await passkeys.getByRole('button', { name: 'Видалити ключ доступу: Ноутбук' }).click()
  const remove = page.getByRole('dialog', { name: 'Видалити ключ «Ноутбук»?' })
  await remove.getByLabel('Поточний пароль', { exact: true }).fill(account.password)
  await remove.getByRole('button', { name: 'Видалити' }).click()
  await expect(section(page).getByRole('list', { name: 'Ключі доступу' })).toHaveCount(0)
  await signOut(page)
  await enterPassword(page, account)
  await expect(page).toHaveURL(/\/dashboards$/)
})
