import { expect, type Page, test } from '@playwright/test'
import { api, apiToken, useToken } from '../support/api-session'
import { signIn } from '../support/auth'
import { checkScreen } from '../support/screen-check'

const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`

const table = (page: Page) => page.getByRole('table', { name: 'Список типів пристроїв' })
const bodyRows = (page: Page) => table(page).locator('tbody tr')
const search = (page: Page) => page.getByRole('searchbox', { name: 'Пошук за назвою' })
const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text })

test.describe('as the admin', () => {
  let admin: string
  test.beforeAll(async ({ request }) => {
    admin = await apiToken(request, 'admin')
  })
  test.beforeEach(async ({ page }) => {
    await useToken(page, admin)
  })

  test('creates a category, edits and deletes it', async ({ page }) => {
    test.setTimeout(90_000)
    const name = `e2e-type-${stamp}`
    await page.goto('/categories/list')
    await expect(page.getByRole('heading', { level: 1, name: 'Типи пристроїв' })).toBeVisible()
    await expect(bodyRows(page).first()).toContainText(/\d{2}\.\d{2}\.\d{2}/)
    await expect(page.getByText(/^Записи 1–\d+ з \d+$/)).toBeVisible()
    await checkScreen(page, 'categories-list')

    await page.getByRole('link', { name: 'Додати тип' }).click()
    await expect(page).toHaveURL(/\/categories\/new$/)
    await page.getByRole('button', { name: 'Зберегти' }).click()
    await expect(page.getByText('Введіть назву категорії')).toBeVisible()
    await checkScreen(page, 'categories-new')
    await page.getByLabel('Назва').fill(name)
    await page.getByLabel('Опис').fill('Створено браузерним тестом')
    await page.getByRole('button', { name: 'Зберегти' }).click()
    await expect(toast(page, 'Тип пристрою додано!')).toBeVisible()
    await expect(page).toHaveURL(/\/categories\/list$/)

    await search(page).fill(name)
    await expect(bodyRows(page)).toHaveCount(1)
    await expect(bodyRows(page).first()).toContainText('Створено браузерним тестом')
    await search(page).fill(`${name}-nothing`)
    await expect(bodyRows(page).first()).toHaveText('Нічого не знайдено за вашим запитом')

    await search(page).fill(name)
    await page.getByRole('link', { name: `Редагувати: ${name}` }).click()
    await expect(page).toHaveURL(/\/categories\/edit\/\d+$/)
    await expect(page.getByLabel('Опис')).toHaveValue('Створено браузерним тестом')
    await checkScreen(page, 'categories-edit')
    await page.getByLabel('Назва').fill(`${name}-edited`)
    await page.getByRole('button', { name: 'Зберегти' }).click()
    await expect(toast(page, 'Тип пристрою змінено!')).toBeVisible()
    await expect(page).toHaveURL(/\/categories\/list$/)

    await search(page).fill(`${name}-edited`)
    await expect(bodyRows(page)).toHaveCount(1)
    await page.getByRole('button', { name: `Видалити: ${name}-edited` }).click()
    await page
      .getByRole('dialog', { name: 'Ви впевнені?' })
      .getByRole('button', { name: 'Так, видалити' })
      .click()
    await expect(toast(page, 'Тип пристрою видалено!')).toBeVisible()
    await expect(bodyRows(page).first()).toHaveText('Нічого не знайдено за вашим запитом')
  })

  test('is told why a default category or one with devices cannot go', async ({ page, request }) => {
    await page.goto('/categories/list')
    await search(page).fill('Пелетний котел')
    await page.getByRole('button', { name: 'Видалити: Пелетний котел' }).click()
    await page.getByRole('button', { name: 'Так, видалити' }).click()
    await expect(toast(page, 'Стандартні типи пристроїв змінювати не можна.')).toBeVisible()

    const name = `e2e-used-${stamp}`
    const category = await api<{ data: { id: string } }>(request, admin, 'POST', 'categories', {
      name,
      description: '',
    })
    await api(request, admin, 'POST', 'items', {
      name: `Котел ${stamp}`,
      owner: 'E2E',
      serial_number: String(Date.now()).slice(-9),
      description: 'Тестова адреса',
      category_id: category.data.id,
    })
    await search(page).fill(name)
    await page.getByRole('button', { name: `Видалити: ${name}` }).click()
    await page.getByRole('button', { name: 'Так, видалити' }).click()
    await expect(toast(page, 'До цього типу ще належать пристрої.')).toBeVisible()
    await expect(bodyRows(page)).toHaveCount(1)
  })
})

test('the demo creator opens categories but is sent home from users and roles', async ({ page }) => {
  await signIn(page, 'creator')
  await page.goto('/categories/list')
  await expect(page.getByRole('heading', { level: 1, name: 'Типи пристроїв' })).toBeVisible()
  await expect(bodyRows(page).first()).toContainText(/\d{2}\.\d{2}\.\d{2}/)
  await page.goto('/users/list')
  await expect(page).toHaveURL(/\/dashboards$/)
  await page.goto('/roles/list')
  await expect(page).toHaveURL(/\/dashboards$/)
})
