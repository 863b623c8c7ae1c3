import { expect, type Page, test } from '@playwright/test'
import { apiToken, useToken } from '../support/api-session'
import { checkScreen } from '../support/screen-check'

const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`
// A 1×1 PNG: enough for the server to recognise an image by its bytes.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)

let admin: string
test.beforeAll(async ({ request }) => {
  admin = await apiToken(request, 'admin')
})
test.beforeEach(async ({ page }) => {
  await useToken(page, admin)
})

const table = (page: Page) => page.getByRole('table', { name: 'Список користувачів' })
const bodyRows = (page: Page) => table(page).locator('tbody tr')
const search = (page: Page) => page.getByRole('searchbox', { name: "Пошук за ім'ям або email" })
const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text })
const pictureInput = (page: Page) => page.locator('input[type="file"]')

test('the admin adds a user with a role and a picture, edits and deletes the account', async ({ page }) => {
  test.setTimeout(150_000)
  const name = `E2E Користувач ${stamp}`
  const email = `e2e-${stamp}@example.com`

  await page.goto('/users/list')
  await expect(page.getByRole('heading', { level: 1, name: 'Користувачі' })).toBeVisible()
  await expect(bodyRows(page).first()).toContainText('@')
  await checkScreen(page, 'users-list')
  await page.getByRole('link', { name: 'Додати користувача' }).click()
  await expect(page).toHaveURL(/\/users\/new$/)

  await page.getByRole('button', { name: 'Створити' }).click()
  for (const message of ["Введіть ім'я", "Email обов'язковий!", 'Оберіть роль', 'Необхідно ввести пароль!']) {
    await expect(page.getByText(message)).toBeVisible()
  }
  await checkScreen(page, 'users-new')

  await pictureInput(page).setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('hi'),
  })
  await expect(page.getByText('Файл має бути зображенням (JPEG, PNG, WebP або GIF).')).toBeVisible()
  await pictureInput(page).setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG })
  await expect(page.getByRole('img', { name: 'Фото профілю' })).toBeVisible()
  await page.getByRole('button', { name: 'Видалити фото' }).click()
  await expect(page.getByRole('img', { name: 'Фото профілю' })).toBeHidden()
  await expect(page.getByRole('button', { name: 'Обрати фото' })).toBeVisible()
  await pictureInput(page).setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG })
  await expect(page.getByRole('button', { name: 'Змінити фото' })).toBeVisible()

  await page.getByLabel("Ім'я").fill(name)
  await page.getByLabel('Email').fill('admin@teplo.demo')
  await page.getByLabel('Роль', { exact: true }).selectOption({ label: 'Монтажник' })
  await page.getByLabel('Пароль', { exact: true }).fill('e2e-password')
  await page.getByLabel('Підтвердження пароля').fill('e2e-different')
  await page.getByRole('button', { name: 'Створити' }).click()
  await expect(page.getByText('Паролі мають збігатися')).toBeVisible()
  await page.getByLabel('Підтвердження пароля').fill('e2e-password')
  await page.getByRole('button', { name: 'Створити' }).click()
  // The server's answer for a taken address shows under the e-mail input.
  await expect(page.getByText('Ця пошта вже зареєстрована.')).toBeVisible()
  await page.getByLabel('Email').fill(email)
  await page.getByRole('button', { name: 'Створити' }).click()
  await expect(toast(page, 'Користувача додано!')).toBeVisible()
  await expect(page).toHaveURL(/\/users\/list$/)

  await search(page).fill(stamp)
  await expect(bodyRows(page)).toHaveCount(1)
  await expect(bodyRows(page).first()).toContainText(name)
  await expect(bodyRows(page).first()).toContainText(email)
  await expect(bodyRows(page).first()).toContainText('Монтажник')

  await page.getByRole('link', { name: `Редагувати: ${name}` }).click()
  await expect(page).toHaveURL(/\/users\/edit\/\d+$/)
  await expect(page.getByRole('img', { name: `Фото профілю: ${name}` })).toBeVisible()
  const details = page.getByRole('region', { name: 'Основна інформація' })
  await expect(details.getByLabel('Email')).toHaveValue(email)
  await expect(details.getByLabel('Email')).not.toBeEditable()
  await expect(details.getByLabel('Роль', { exact: true })).toHaveValue(/\d+/)
  await checkScreen(page, 'users-edit')
  await details.getByLabel("Ім'я").fill(`${name} змінено`)
  await details.getByRole('button', { name: 'Зберегти' }).click()
  await expect(toast(page, 'Основну інформацію оновлено успішно!')).toBeVisible()

  const password = page.getByRole('region', { name: 'Зміна пароля' })
  await password.getByLabel('Новий пароль').fill('short')
  await password.getByRole('button', { name: 'Зберегти' }).click()
  await expect(password.getByText('Пароль має бути не менше 8 символів!')).toBeVisible()
  await password.getByLabel('Новий пароль').fill('e2e-password-2')
  await password.getByLabel('Підтвердження пароля').fill('e2e-password-2')
  await password.getByRole('button', { name: 'Зберегти' }).click()
  await expect(toast(page, 'Пароль оновлено успішно!')).toBeVisible()

  const emailForm = page.getByRole('region', { name: 'Зміна email' })
  await emailForm.getByLabel('Новий email').fill(`changed-${email}`)
  await emailForm.getByRole('button', { name: 'Зберегти' }).click()
  await expect(toast(page, 'Email оновлено успішно!')).toBeVisible()
  await expect(emailForm.getByLabel('Поточний email')).toHaveValue(`changed-${email}`)

  await page.goto('/users/list')
  await search(page).fill(stamp)
  await expect(bodyRows(page).first()).toContainText(`${name} змінено`)
  await expect(bodyRows(page).first()).toContainText(`changed-${email}`)

  await page.getByRole('link', { name: `Редагувати: ${name} змінено` }).click()
  const deletion = page.getByRole('region', { name: 'Видалення акаунта' })
  await expect(deletion.getByRole('button', { name: 'Видалити' })).toBeDisabled()
  await deletion.getByLabel(`Підтверджую видалення акаунта «${name} змінено»`).check()
  await deletion.getByRole('button', { name: 'Видалити' }).click()
  await expect(toast(page, 'Користувача видалено!')).toBeVisible()
  await expect(page).toHaveURL(/\/users\/list$/)
  await search(page).fill(stamp)
  await expect(bodyRows(page).first()).toHaveText('Нічого не знайдено за вашим запитом')
})

test('a default user cannot be deleted from the list', async ({ page }) => {
  await page.goto('/users/list')
  await search(page).fill('Власник котла')
  await page.getByRole('button', { name: 'Видалити: Власник котла' }).click()
  await page.getByRole('button', { name: 'Так, видалити' }).click()
  await expect(toast(page, 'Стандартних користувачів змінювати не можна.')).toBeVisible()
  await expect(bodyRows(page)).toHaveCount(1)
})
