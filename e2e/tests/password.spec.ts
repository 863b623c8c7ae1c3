import { expect, test } from '@playwright/test'
import { waitForMail } from '../support/mail'
import { checkScreen } from '../support/screen-check'

const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`

test('password reset end to end: letter, link, new password, sign-in with it', async ({ page, baseURL }) => {
  test.slow()
  const email = `reset-${unique()}@teplo.test`
  const registered = await page.request.post('/api/v2/register', {
    data: { name: 'Забудько', email, password: 'old-password-1', password_confirmation: 'old-password-1' },
  })
  expect(registered.ok()).toBe(true)

  await page.goto('/login')
  await page.getByRole('link', { name: 'Забули пароль?' }).click()
  await expect(page).toHaveURL(/\/password\/email$/)
  await checkScreen(page, 'password-email')
  await page.getByLabel('Email').fill(email)
  await page.getByRole('button', { name: 'Надіслати лист' }).click()
  const sent = page.getByRole('dialog')
  await expect(sent).toContainText('Лист відправлено! Будь ласка, перевірте свою поштову скриньку.')
  await expect(sent).toContainText('60 секунд')
  await sent.getByRole('button', { name: 'Зрозуміло' }).click()

  const letter = await waitForMail(email)
  const link = /https?:\/\/\S+\/password\/reset\?\S+/.exec(letter)?.[0]
  expect(link, letter).toBeTruthy()
  expect(new URL(link ?? '').origin).toBe(new URL(baseURL ?? '').origin)

  await page.goto(link ?? '')
  await expect(page.getByText(`Придумайте новий пароль для ${email}`)).toBeVisible()
  await checkScreen(page, 'password-reset')
  await page.getByLabel('Новий пароль').fill('short')
  await page.getByLabel('Підтвердження пароля').fill('other')
  await page.getByRole('button', { name: 'Змінити пароль' }).click()
  await expect(page.getByText('Пароль повинен бути більше 8 символів!')).toBeVisible()
  await expect(page.getByText('Паролі не однакові')).toBeVisible()

  await page.getByLabel('Новий пароль').fill('new-password-2')
  await page.getByLabel('Підтвердження пароля').fill('new-password-2')
  await page.getByRole('button', { name: 'Змінити пароль' }).click()
  await expect(page).toHaveURL(/\/dashboards$/)
  await expect(page.getByText('Пароль змінений.Ви автоматично увійдете в кабінет.')).toBeVisible()

  await page.getByRole('button', { name: 'Вихід' }).click()
  await expect(page).toHaveURL(/\/login$/)

  // The link works once only.
  await page.goto(link ?? '')
  await page.getByLabel('Новий пароль').fill('third-password-3')
  await page.getByLabel('Підтвердження пароля').fill('third-password-3')
  await page.getByRole('button', { name: 'Змінити пароль' }).click()
  const failed = page.getByRole('dialog')
  await expect(failed).toContainText('Ой, сталась помилка!(302)')
  await expect(failed).toContainText('недійсне або застаріло')
  await failed.getByRole('link', { name: 'Надіслати новий лист' }).click()
  await expect(page).toHaveURL(/\/password\/email$/)

  await page.goto('/login')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Пароль', { exact: true }).fill('old-password-1')
  await page.getByRole('button', { name: 'Увійти', exact: true }).click()
  await expect(page.getByRole('dialog')).toContainText('Невірні дані!')
  await page.getByRole('button', { name: 'Зрозуміло' }).click()

  await page.getByLabel('Пароль', { exact: true }).fill('new-password-2')
  await page.getByRole('button', { name: 'Увійти', exact: true }).click()
  await expect(page).toHaveURL(/\/dashboards$/)
})

test('the reset request checks the e-mail with the messages of the spec', async ({ page }) => {
  await page.goto('/password/email')
  await page.getByRole('button', { name: 'Надіслати лист' }).click()
  await expect(page.getByText("Email обов'язковий!")).toBeVisible()
  await page.getByLabel('Email').fill('not-an-address')
  await page.getByRole('button', { name: 'Надіслати лист' }).click()
  await expect(page.getByText('Необіхдно вписати існуючий email!')).toBeVisible()
})

test('a reset link without its token explains the problem and offers a new letter', async ({ page }) => {
  await page.goto('/password/reset?email=someone%40teplo.test')
  await expect(page.getByText('Посилання неповне')).toBeVisible()
  await page.getByRole('link', { name: 'Надіслати новий лист' }).click()
  await expect(page).toHaveURL(/\/password\/email$/)
})
