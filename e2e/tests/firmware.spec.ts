import { randomBytes } from 'node:crypto'
import { expect, test } from '@playwright/test'
import { apiToken, useToken } from '../support/api-session'
import { checkScreen } from '../support/screen-check'

// Firmware updates (ADR 027): an administrator uploads an image, sends it to a demo boiler, whose simulated
// controller downloads and installs it; the boiler's owner then sees the new version as up to date.
const version = `7.${Date.now() % 100_000}.${Math.floor(Math.random() * 1000)}`
const OWNER_BOILER = '100003'

test('an administrator updates a demo boiler and its owner sees the new version', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(90_000)
  await useToken(page, await apiToken(request, 'admin'))
  await page.goto('/update')
  await expect(page.getByRole('heading', { level: 1, name: 'Оновлення' })).toBeVisible()

  const upload = page.getByRole('form', { name: 'Завантажити прошивку' })
  await upload.getByLabel('Тип пристрою').selectOption({ label: 'Пелетний котел' })
  await upload.getByLabel('Версія').fill(version)
  await upload.getByLabel('Опис змін').fill('Точніша модуляція пальника')
  await upload.locator('input[type=file]').setInputFiles({
    name: 'boiler.bin',
    mimeType: 'application/octet-stream',
    buffer: Buffer.concat([Buffer.from([0x7e, 0x01]), randomBytes(120_000)]),
  })
  await upload.getByRole('button', { name: 'Завантажити' }).click()
  await expect(page.getByText(`Прошивку ${version} завантажено`)).toBeVisible()
  const images = page.getByRole('table', { name: 'Образи прошивок' })
  await expect(images.locator(`tr[data-version="${version}"]`)).toContainText('Пелетний котел')

  // A second upload of the same version is refused with the server's reason under the field.
  await upload.getByLabel('Тип пристрою').selectOption({ label: 'Пелетний котел' })
  await upload.getByLabel('Версія').fill(version)
  await upload.locator('input[type=file]').setInputFiles({
    name: 'again.bin',
    mimeType: 'application/octet-stream',
    buffer: Buffer.concat([Buffer.from([0x7e, 0x01]), randomBytes(1000)]),
  })
  await upload.getByRole('button', { name: 'Завантажити' }).click()
  await expect(upload.getByText(`Версія ${version} для цього типу пристроїв вже завантажена.`)).toBeVisible()

  const rollout = page.getByRole('form', { name: 'Почати оновлення' })
  await rollout.getByLabel('Прошивка').selectOption({ label: `${version} · Пелетний котел` })
  await rollout.getByLabel('Обраним пристроям').check()
  await rollout.getByRole('checkbox', { name: new RegExp(OWNER_BOILER) }).check()
  await rollout.getByRole('button', { name: 'Почати оновлення' }).click()
  await expect(page.getByText(/Оновлення №\d+ розпочато/)).toBeVisible()

  // The simulated controller downloads, verifies and installs it; the screen follows its reports.
  const card = page.getByRole('region', { name: new RegExp(`до версії ${version.replaceAll('.', '\\.')}$`) })
  await expect(card.locator(`tr[data-serial="${OWNER_BOILER}"] [data-state="succeeded"]`)).toBeVisible({
    timeout: 45_000,
  })
  await expect(card.locator('[data-status="completed"]')).toHaveText('Завершено')
  const fleet = page.getByRole('table', { name: 'Версії прошивок у парку' })
  await expect(fleet.locator(`tr[data-serial="${OWNER_BOILER}"]`)).toContainText(version)
  await expect(fleet.locator(`tr[data-serial="${OWNER_BOILER}"]`)).toContainText('Актуальна')
  await checkScreen(page, 'firmware-admin')

  // The owner sees the version their boiler runs and that it is the newest.
  const ownerContext = await browser.newContext()
  const owner = await ownerContext.newPage()
  await useToken(owner, await apiToken(request, 'user'))
  await owner.goto('/update')
  const boiler = owner.locator(`section[data-serial="${OWNER_BOILER}"]`)
  await expect(boiler).toContainText(`Прошивка: ${version}`)
  await expect(boiler).toContainText('Встановлено найновішу версію')
  // Nothing to manage for an owner.
  await expect(owner.getByRole('form', { name: 'Завантажити прошивку' })).toHaveCount(0)
  await checkScreen(owner, 'firmware-owner')
  await ownerContext.close()
})
