import { expect, type Page, test } from '@playwright/test'
import { api, apiToken, useToken } from '../support/api-session'
import { checkScreen } from '../support/screen-check'

let admin: string
const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`

test.beforeAll(async ({ request }) => {
  admin = await apiToken(request, 'admin')
})

test.beforeEach(async ({ page }) => {
  await useToken(page, admin)
})

const table = (page: Page) => page.getByRole('table', { name: 'Список ролей' })
const bodyRows = (page: Page) => table(page).locator('tbody tr')
const search = (page: Page) => page.getByRole('searchbox', { name: 'Пошук за назвою' })
const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text })

// Initials only: the database's collation and the browser's may order punctuation differently.
async function initials(page: Page) {
  const names = await bodyRows(page).locator('td:first-child').allTextContents()
  return names.map((name) => name.charAt(0).toLowerCase())
}

test('the admin creates a role, finds it, sorts, edits and deletes it', async ({ page }) => {
  // A long flow with four accessibility scans and eight screenshots.
  test.setTimeout(120_000)
  const name = `e2e-role-${stamp}`
  await page.goto('/roles/list')
  await expect(page.getByRole('heading', { level: 1, name: 'Ролі' })).toBeVisible()
  await expect(bodyRows(page).first()).not.toContainText('Завантаження')
  await checkScreen(page, 'roles-list')

  await page.getByRole('link', { name: 'Додати роль' }).click()
  await expect(page).toHaveURL(/\/roles\/new$/)
  await expect(page.getByRole('link', { name: 'До списку ролей' })).toHaveAttribute('href', '/roles/list')
  await page.getByRole('button', { name: 'Зберегти' }).click()
  await expect(page.getByText('Введіть назву ролі')).toBeVisible()
  await checkScreen(page, 'roles-new')

  await page.getByLabel('Назва').fill(name)
  await page.getByRole('button', { name: 'Зберегти' }).click()
  await expect(toast(page, 'Роль додано!')).toBeVisible()
  await expect(page).toHaveURL(/\/roles\/list$/)

  // The server's 422 for a taken name shows under the input.
  await page.goto('/roles/new')
  await page.getByLabel('Назва').fill(name.toUpperCase())
  await page.getByRole('button', { name: 'Зберегти' }).click()
  await expect(page.getByText('Роль з такою назвою вже існує.')).toBeVisible()
  await expect(page).toHaveURL(/\/roles\/new$/)

  await page.goto('/roles/list')
  await search(page).fill(name)
  await expect(bodyRows(page)).toHaveCount(1)
  await expect(bodyRows(page).first()).toContainText(name)
  await expect(page.getByText('Записи 1–1 з 1')).toBeVisible()
  await search(page).fill(`${name}-nothing`)
  await expect(bodyRows(page).first()).toHaveText('Не знайдено')

  await search(page).fill('')
  const nameHeader = table(page).getByRole('columnheader', { name: 'Назва' })
  await expect(table(page).getByRole('columnheader', { name: 'Створено' })).toHaveAttribute(
    'aria-sort',
    'ascending',
  )
  await nameHeader.getByRole('button').click()
  await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending')
  await expect(bodyRows(page).first()).toContainText('admin')
  const ascending = await initials(page)
  expect(ascending).toEqual([...ascending].sort())
  await nameHeader.getByRole('button').click()
  await expect(nameHeader).toHaveAttribute('aria-sort', 'descending')
  await expect(bodyRows(page).first()).not.toContainText('admin')
  const descending = await initials(page)
  expect(descending).toEqual([...descending].sort().reverse())

  await search(page).fill(name)
  await expect(bodyRows(page)).toHaveCount(1)
  await page.getByRole('link', { name: `Редагувати: ${name}` }).click()
  await expect(page).toHaveURL(/\/roles\/edit\/\d+$/)
  await expect(page.getByLabel('Назва')).toHaveValue(name)
  await checkScreen(page, 'roles-edit')
  await page.getByLabel('Назва').fill(`${name}-edited`)
  await page.getByRole('button', { name: 'Зберегти' }).click()
  await expect(toast(page, 'Роль змінено!')).toBeVisible()
  await expect(page).toHaveURL(/\/roles\/list$/)

  await search(page).fill(`${name}-edited`)
  await expect(bodyRows(page)).toHaveCount(1)
  await page.getByRole('button', { name: `Видалити: ${name}-edited` }).click()
  const dialog = page.getByRole('dialog', { name: 'Ви впевнені?' })
  await expect(dialog).toContainText('Цю дію не можна буде скасувати.')
  await checkScreen(page, 'roles-delete-confirm')
  await dialog.getByRole('button', { name: 'Так, видалити' }).click()
  await expect(toast(page, 'Видалено!')).toBeVisible()
  await expect(bodyRows(page).first()).toHaveText('Не знайдено')
})

test('the server refuses to delete the default role and a role that has users', async ({ page, request }) => {
  await page.goto('/roles/list')
  await search(page).fill('user')
  await expect(page.getByRole('button', { name: 'Видалити: user', exact: true })).toBeVisible()
  await page.getByRole('button', { name: 'Видалити: user', exact: true }).click()
  await page.getByRole('button', { name: 'Так, видалити' }).click()
  await expect(toast(page, 'Стандартні ролі змінювати не можна.')).toBeVisible()
  await expect(page.getByRole('dialog')).toBeHidden()
  await expect(page.getByRole('button', { name: 'Видалити: user', exact: true })).toBeVisible()

  const roleName = `e2e-held-${stamp}`
  const role = await api<{ data: { id: string } }>(request, admin, 'POST', 'roles', { name: roleName })
  await api(request, admin, 'POST', 'users', {
    data: {
      type: 'users',
      attributes: {
        name: `Holder ${stamp}`,
        email: `holder-${stamp}@example.com`,
        password: 'holder-pass-1',
        password_confirmation: 'holder-pass-1',
      },
      relationships: { roles: { data: [{ type: 'roles', id: role.data.id }] } },
    },
  })
  await search(page).fill(roleName)
  await page.getByRole('button', { name: `Видалити: ${roleName}` }).click()
  await page.getByRole('button', { name: 'Так, видалити' }).click()
  await expect(toast(page, 'Ця роль має користувачів.')).toBeVisible()
  await expect(bodyRows(page)).toHaveCount(1)
})

test('the list pages through the server five at a time', async ({ page, request }) => {
  const prefix = `e2e-page-${stamp}-`
  for (let index = 1; index <= 7; index++) {
    await api(request, admin, 'POST', 'roles', { name: `${prefix}${index}` })
  }
  await page.goto('/roles/list')
  await search(page).fill(prefix)
  await expect(page.getByText('Записи 1–5 з 7')).toBeVisible()
  await expect(bodyRows(page)).toHaveCount(5)
  const pages = page.getByRole('navigation', { name: 'Сторінки' })
  await expect(pages.getByRole('button', { name: /^Сторінка/ })).toHaveText(['1', '2'])

  await pages.getByRole('button', { name: 'Наступна сторінка' }).click()
  await expect(page.getByText('Записи 6–7 з 7')).toBeVisible()
  await expect(bodyRows(page)).toHaveCount(2)
  await expect(pages.getByRole('button', { name: 'Сторінка 2' })).toHaveAttribute('aria-current', 'page')

  await page.getByLabel('На сторінці').selectOption('10')
  await expect(page.getByText('Записи 1–7 з 7')).toBeVisible()
  await expect(bodyRows(page)).toHaveCount(7)
})
