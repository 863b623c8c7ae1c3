import { expect, test } from '@playwright/test'
import { demoAccount, signIn } from '../support/auth'
import { checkScreen } from '../support/screen-check'

const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`

// The layouts as the Ukrainian interface names them.
const VARIANT_LABELS = { basic: 'Базовий', cover: 'З обкладинкою', illustration: 'З ілюстрацією' } as const

for (const kind of ['signin', 'signup', 'reset', 'verification']) {
  test(`the ${kind} template in its three layouts: form, version label, links to the other layouts`, async ({
    page,
  }) => {
    test.slow()
    for (const variant of ['basic', 'cover', 'illustration'] as const) {
      await page.goto(`/authentication/${kind}/${variant}`)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expect(page.getByText('Teplo · Версія 1.0.0')).toBeVisible()
      const variants = page.getByRole('navigation', { name: 'Варіанти оформлення' })
      await expect(variants.getByRole('link', { name: 'З обкладинкою' })).toHaveAttribute(
        'href',
        `/authentication/${kind}/cover`,
      )
      await expect(
        variants.getByRole('link', { name: VARIANT_LABELS[variant], exact: false }),
      ).toHaveAttribute('aria-current', 'page')
      await checkScreen(page, `template-${kind}-${variant}`)
    }
  })
}

test('the sign-in template signs in for real', async ({ page }) => {
  await page.goto('/authentication/signin/illustration')
  await page.getByRole('button', { name: 'Увійти', exact: true }).click()
  await expect(page).toHaveURL(/\/dashboards$/)
})

test('the sign-up template registers an account', async ({ page }) => {
  await page.goto('/authentication/signup/cover')
  await page.getByLabel('Логін').fill('Шаблонний власник')
  await page.getByLabel('Email').fill(`template-${unique()}@teplo.test`)
  await page.getByLabel('Пароль', { exact: true }).fill('warm-house-1')
  await page.getByLabel('Підтвердження пароля').fill('warm-house-1')
  await page.getByRole('checkbox', { name: 'Я приймаю Правила та умови' }).check()
  await page.getByRole('button', { name: 'Зареєструватися' }).click()
  await expect(page).toHaveURL(/\/dashboards$/)
})

test('the reset template sends the letter', async ({ page }) => {
  await page.goto('/authentication/reset/basic')
  await page.getByLabel('Email').fill(demoAccount('creator').email)
  await page.getByRole('button', { name: 'Надіслати лист' }).click()
  await expect(page.getByRole('dialog')).toContainText('Лист відправлено!')
})

test('the lock screen needs a session and unlocks with the right password only', async ({ page }) => {
  await page.goto('/authentication/lock/cover')
  await expect(page).toHaveURL(/\/login$/)

  const user = demoAccount('user')
  await signIn(page, 'user')
  await page.goto('/authentication/lock/illustration')
  await expect(page.getByRole('heading', { name: user.name })).toBeVisible()
  await checkScreen(page, 'template-lock-illustration')

  await page.getByLabel('Пароль', { exact: true }).fill('not-my-password')
  await page.getByRole('button', { name: 'Розблокувати' }).click()
  await expect(page.getByText('Невірний пароль')).toBeVisible()
  await expect(page).toHaveURL(/\/authentication\/lock\/illustration$/)

  await page.getByLabel('Пароль', { exact: true }).fill(user.password)
  await page.getByRole('button', { name: 'Розблокувати' }).click()
  await expect(page).toHaveURL(/\/dashboards$/)
})

test('the verification boxes advance, step back and accept a pasted code', async ({ page }) => {
  await page.goto('/authentication/verification/basic')
  const box = (n: number) => page.getByLabel(`Символ ${n} з 4`)
  await box(1).click()
  await page.keyboard.type('12')
  await expect(box(3)).toBeFocused()
  await page.keyboard.press('Backspace')
  await expect(box(2)).toBeFocused()
  await expect(box(2)).toHaveValue('')

  await box(1).evaluate((element) => {
    const data = new DataTransfer()
    data.setData('text/plain', '7K3Q')
    element.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    )
  })
  for (const [index, value] of ['7', 'K', '3', 'Q'].entries()) await expect(box(index + 1)).toHaveValue(value)
  await expect(box(4)).toBeFocused()

  await page.getByRole('button', { name: 'Підтвердити' }).click()
  await expect(page.getByRole('alert')).toContainText('ще не ввімкнена')
})

test('the 500 page leads home', async ({ page }) => {
  await page.goto('/500')
  await expect(page.getByRole('heading', { name: 'Помилка сервера' })).toBeVisible()
  await checkScreen(page, 'server-error')
  await page.getByRole('link', { name: 'На головну', exact: true }).click()
  await expect(page).toHaveURL(/\/login$/)
})

// /service and /update are screens of their own now (service.spec.ts, firmware.spec.ts).
test('the profile page shows the real account', async ({ page }) => {
  test.slow()
  await signIn(page, 'user')

  const user = demoAccount('user')
  await page.goto('/pages/profile/teams')
  await expect(page.getByRole('heading', { name: user.name })).toBeVisible()
  await expect(page.getByText(user.email)).toBeVisible()
  await expect(page.getByText('user', { exact: true })).toBeVisible()
  await expect(page.getByText(/^\d{2}\.\d{2}\.\d{2}$/)).toBeVisible()

  const token = await page.evaluate(() => localStorage.getItem('access_token'))
  const response = await page.request.get('/api/v2/items?page[size]=100', {
    headers: { Authorization: `Bearer ${token}` },
  })
  const names = ((await response.json()) as { data: { attributes: { name: string } }[] }).data.map(
    (item) => item.attributes.name,
  )
  const devices = page.getByRole('region', { name: 'Мої пристрої' })
  if (names.length === 0) await expect(devices.getByText('Пристроїв не знайдено')).toBeVisible()
  for (const name of names) await expect(devices.getByText(name, { exact: true })).toBeVisible()
  await checkScreen(page, 'profile')
})
