import { expect, type Page, test } from '@playwright/test'
import { useToken } from '../support/api-session'
import { waitForMail } from '../support/mail'
import { expectNoSevereAxeFindings } from '../support/screen-check'

// Proven addresses and the undo of an address change, in the browser (ADR 034).

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`
const emailSection = (page: Page) => page.getByRole('region', { name: 'Зміна email' })
const pathOf = (link: string) => new URL(link).pathname + new URL(link).search
const linkIn = (letter: string, page: string) =>
  new RegExp(`https?://\\S+/email/${page}\\?token=[\\w-]+`).exec(letter)?.[0] ?? ''

test('a new account sees its address unconfirmed, re-sends the link, opens it and sees it confirmed', async ({
  page,
  request,
}) => {
  test.slow()
  const email = `e2e-verify-${unique()}@example.com`
  const registered = await request.post('/api/v2/register', {
    data: { name: 'Перевірка', email, password: 'first-pass-1', password_confirmation: 'first-pass-1' },
  })
  expect(registered.status()).toBe(200)
  const first = linkIn(await waitForMail(email), 'verify')
  expect(first).toBeTruthy()
  await useToken(page, ((await registered.json()) as { access_token: string }).access_token)

  await page.goto('/account/settings')
  const section = emailSection(page)
  await expect(section.getByText(/Адресу не підтверджено/)).toContainText('запрошення до котлів')
  await expectNoSevereAxeFindings(page, 'unconfirmed address')
  await section.getByRole('button', { name: 'Надіслати лист ще раз' }).click()
  await expect(page.getByRole('alert').filter({ hasText: `надіслано на ${email}` })).toBeVisible()
  let second = ''
  await expect.poll(async () => (second = linkIn(await waitForMail(email), 'verify'))).not.toBe(first)

  // The first letter's link was replaced by the second one.
  await page.goto(pathOf(first))
  await expect(page.getByText('Посилання недійсне або застаріло: попросіть надіслати нове')).toBeVisible()
  await page.goto(pathOf(second))
  await expect(page.getByText(`Адресу ${email} підтверджено.`)).toBeVisible()
  await page.getByRole('link', { name: 'До налаштувань облікового запису' }).click()
  await expect(emailSection(page).getByText('Адресу підтверджено')).toBeVisible()
  await expect(emailSection(page).getByRole('button', { name: 'Надіслати лист ще раз' })).toHaveCount(0)
})

test('the old address undoes an address change: the address comes back and the session ends', async ({
  page,
  request,
}) => {
  test.slow()
  const email = `e2e-undo-${unique()}@example.com`
  const registered = await request.post('/api/v2/register', {
    data: { name: 'Скасування', email, password: 'first-pass-1', password_confirmation: 'first-pass-1' },
  })
  await useToken(page, ((await registered.json()) as { access_token: string }).access_token)
  await page.goto('/account/settings')
  const section = emailSection(page)
  const newEmail = `taken-over-${unique()}@example.com`
  await section.getByLabel('Поточний пароль', { exact: true }).fill('first-pass-1')
  await section.getByLabel('Новий email').fill(newEmail)
  await section.getByRole('button', { name: 'Змінити email' }).click()
  await expect(section.getByText(`Очікує підтвердження: ${newEmail}`)).toBeVisible()

  // The notice to the old address names the new one and carries the undo link.
  let notice = ''
  await expect.poll(async () => (notice = await waitForMail(email))).toContain(newEmail)
  const undo = linkIn(notice, 'undo')
  expect(undo).toBeTruthy()
  await page.goto(pathOf(undo))
  await expect(
    page.getByText(`Зміну адреси скасовано: адреса вашого облікового запису — ${email}.`),
  ).toBeVisible()
  await expect(page.getByText('Усі сеанси входу завершено. Увійдіть знову і змініть пароль.')).toBeVisible()
  await page.getByRole('link', { name: 'Увійти' }).click()
  await expect(page).toHaveURL(/\/login$/)
  // The link to the new address no longer applies anything.
  const toNew = linkIn(await waitForMail(newEmail), 'verify')
  const applied = await request.post('/api/v2/email-verification', {
    data: { token: new URL(toNew).searchParams.get('token') },
  })
  expect(applied.status()).toBe(422)
})
