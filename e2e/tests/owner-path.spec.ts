import { expect, type Page, test } from '@playwright/test'
import { api, apiToken, useToken } from '../support/api-session'
import { demoAccount } from '../support/auth'
import { createDevice, freshSerial } from '../support/devices'

// A newly registered owner gets a boiler the installer paired into the account, with the serial and an owner
// code: told first who loses access, then offered to invite the installer back; the administrator then finds it
// under that owner.

const installer = demoAccount('creator')

const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`
const PHONE = { width: 360, height: 740 }

async function noSideScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow, 'horizontal scroll at 360 px').toBeLessThanOrEqual(0)
}

test('an installer hands a paired boiler to a new owner, who adds it with the serial and the code', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(180_000)
  const creator = await apiToken(request, 'creator')
  const name = `Котел власника ${stamp}`
  const serial = freshSerial(7)
  const created = await createDevice(request, creator, name, serial)
  // The controller proves its pairing code (as the real one does, without a token).
  const verified = await request.post('/api/v2/items/verify-token', {
    data: { serial_number: serial, token: created.meta.verification_token },
  })
  expect(verified.status()).toBe(200)

  // The installer issues the owner code on the devices screen, on a phone.
  await page.setViewportSize(PHONE)
  await useToken(page, creator)
  await page.goto('/items')
  const card = page.getByRole('article', { name })
  await expect(card).toContainText(serial)
  await card.getByRole('button', { name: `Код для власника: ${name}` }).click()
  const dialog = page.getByRole('dialog', { name: `Код для власника «${name}»` })
  const code = ((await dialog.getByTestId('owner-code').textContent()) ?? '').trim()
  expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/)
  await expect(dialog).toContainText(serial)
  await noSideScroll(page)
  await dialog.getByRole('button', { name: 'Готово' }).click()

  // A new owner registers and adds the boiler from the empty dashboard.
  const owner = await browser.newPage({ viewport: PHONE })
  const email = `owner-${stamp}@example.com`
  await owner.goto('/register')
  await owner.getByLabel('Логін').fill('Оксана Нова')
  await owner.getByLabel('Email').fill(email)
  await owner.getByLabel('Пароль', { exact: true }).fill('owner-password')
  await owner.getByLabel('Підтвердження пароля').fill('owner-password')
  await owner.getByRole('checkbox', { name: 'Я приймаю Правила та умови' }).check()
  await owner.getByRole('button', { name: 'Зареєструватися' }).click()
  await expect(owner).toHaveURL(/\/dashboards$/)
  await expect(owner.getByText('Пристроїв не знайдено')).toBeVisible()
  await owner.getByRole('link', { name: 'Додати пристрій' }).click()
  await expect(owner).toHaveURL(/\/items\/claim$/)
  await noSideScroll(owner)

  // A wrong code is refused on the field and counts as a try.
  await owner.getByLabel(/Серійний номер/).fill(serial)
  await owner.getByLabel(/Код від монтажника/).fill('AAAA-AAAA')
  await owner.getByRole('button', { name: 'Перевірити код' }).click()
  await expect(owner.getByText('Невірний серійний номер або код. Залишилось спроб: 4.')).toBeVisible()

  // The right code shows what is handed over and who loses access — the installer, with their address (ADR 033).
  await owner.getByLabel(/Код від монтажника/).fill(code.toLowerCase())
  await owner.getByRole('button', { name: 'Перевірити код' }).click()
  await expect(owner.getByText(`Котел «${name}» (серійний номер ${serial}) стане вашим.`)).toBeVisible()
  const losing = owner.getByTestId('losing-access')
  await expect(losing).toContainText('Після передачі доступ до котла втратять:')
  await expect(losing).toContainText(`${installer.name} — власник`)
  await expect(losing).toContainText(installer.email)
  await noSideScroll(owner)
  await owner.getByRole('button', { name: 'Підтвердити передачу' }).click()
  await expect(owner.getByRole('alert').filter({ hasText: `Пристрій «${name}» додано!` })).toBeVisible()

  // The installer handed it on and keeps nothing (ADR 033) …
  type Listed = { data: { attributes: { serial_number: string; access: string } }[] }
  const serials = async (scope: 'own' | 'shared') =>
    (await api<Listed>(request, creator, 'GET', `items?filter[scope]=${scope}&page[size]=100`)).data.map(
      (item) => item.attributes.serial_number,
    )
  expect(await serials('own')).not.toContain(serial)
  expect(await serials('shared')).not.toContain(serial)

  // … until the new owner invites them back, in one click on the same screen.
  const inviteBack = owner.getByTestId('invite-installers-back')
  await expect(inviteBack).toContainText(installer.email)
  await noSideScroll(owner)
  await inviteBack.getByRole('button', { name: `Запросити ${installer.name} назад` }).click()
  await expect(inviteBack.getByText('Запрошено', { exact: true })).toBeVisible()
  await expect.poll(() => serials('shared')).toContain(serial)
  await inviteBack.getByRole('button', { name: 'Готово' }).click()
  await expect(owner).toHaveURL(/\/dashboards$/)
  await expect(owner.getByText('Пристроїв не знайдено')).toBeHidden()
  await owner.close()

  // The administrator finds it under its new owner.
  const admin = await apiToken(request, 'admin')
  const adminPage = await browser.newPage({ viewport: { width: 1280, height: 900 } })
  await useToken(adminPage, admin)
  await adminPage.goto('/items')
  await expect(adminPage.getByRole('article', { name })).toContainText('Оксана Нова')
  const filter = adminPage.getByRole('combobox', { name: 'Власник' })
  await filter.fill(email)
  await adminPage.getByRole('option', { name: `Оксана Нова (${email})` }).click()
  await expect(adminPage.getByRole('article')).toHaveCount(1)
  await expect(adminPage.getByRole('article', { name })).toBeVisible()
  await adminPage.close()
})
