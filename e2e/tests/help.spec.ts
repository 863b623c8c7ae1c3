import { expect, type Page, test } from '@playwright/test'
import { apiToken, useToken } from '../support/api-session'
import { checkScreen } from '../support/screen-check'

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text })

test("the help modal checks its fields and sends the request from the menu card's button", async ({
  page,
  request,
}) => {
  test.setTimeout(60_000)
  await useToken(page, await apiToken(request, 'user'))
  await page.goto('/dashboards')
  const menu = page.getByRole('navigation', { name: 'Головне меню' })
  await menu.getByRole('button', { name: 'Написати' }).click()

  const dialog = page.getByRole('dialog', { name: 'Потрібна допомога?' })
  await expect(dialog).toBeVisible()
  await dialog.getByLabel("Ім'я").fill('   ')
  await dialog.getByRole('button', { name: 'Відправити' }).click()
  await expect(dialog.getByText("Будь ласка, введіть ваше ім'я")).toBeVisible()
  await expect(dialog.getByText('Будь ласка, опишіть проблему')).toBeVisible()
  await checkScreen(page, 'help-modal')

  await dialog.getByLabel("Ім'я").fill('Оксана')
  await dialog.getByLabel('Опишіть проблему').fill('Котел не виходить на задану потужність після чищення.')
  const sent = page.waitForResponse(
    (response) => response.request().method() === 'POST' && response.url().endsWith('/api/v2/help-requests'),
  )
  await dialog.getByRole('button', { name: 'Відправити' }).click()
  expect((await sent).status()).toBe(201)
  await expect(
    toast(page, "Ваш запит успішно відправлено! Ми зв'яжемося з вами найближчим часом."),
  ).toBeVisible()
  await expect(dialog).toBeHidden()
})

test('the help page answers the three questions and shows the configured support contacts', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000)
  const support = (await (await request.get('/api/v2/support')).json()) as {
    data: { attributes: { phone: string; email: string } }
  }
  await page.goto('/pages/faq')
  await expect(page.getByRole('heading', { level: 1, name: 'Довідка' })).toBeVisible()

  const { phone, email } = support.data.attributes
  await expect(page.getByRole('link', { name: phone })).toHaveAttribute(
    'href',
    `tel:${phone.replace(/[^\d+]/g, '')}`,
  )
  await expect(page.getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`)

  for (const question of [
    'Чому котел не запускається?',
    'Як часто чистити котел і пальник?',
    'Що робити, якщо котел не виходить на задану потужність?',
  ]) {
    await expect(page.getByRole('button', { name: question })).toHaveAttribute('aria-expanded', 'false')
  }
  await page.getByRole('button', { name: 'Чому котел не запускається?' }).click()
  await expect(page.getByText(/У бункері є пелети/)).toBeVisible()
  await expect(page.getByRole('link', { name: /Налаштування пелетного котла/ })).toHaveAttribute(
    'href',
    /^https:\/\/www\.youtube\.com\/results\?search_query=/,
  )
  await expect(page.getByRole('heading', { name: 'Посібники' })).toBeVisible()
  await checkScreen(page, 'faq')
})
