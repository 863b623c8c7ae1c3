import { readFile } from 'node:fs/promises'
import { expect, test } from '@playwright/test'
import { api, apiToken, useToken } from '../support/api-session'
import { freshSerial, removeDevice } from '../support/devices'
import { expectNoSevereAxeFindings } from '../support/screen-check'

// The manufacturer's batch: serials in, every controller registered and paired, credentials out as a file.
test('an administrator registers a batch and gets the credentials file; a taken serial registers nothing', async ({
  page,
  request,
}) => {
  const admin = await apiToken(request, 'admin')
  await useToken(page, admin)
  const serials = [freshSerial(), freshSerial(1)]

  await page.goto('/items')
  await page.getByRole('link', { name: 'Пакетна реєстрація' }).click()
  await expect(page.getByRole('heading', { name: 'Пакетна реєстрація' })).toBeVisible()
  await page.getByLabel('Власник (склад, дилер)').fill('Склад E2E')
  // A demo boiler's serial among them: nothing is registered, and the screen names it.
  await page.getByLabel('Серійні номери').fill(`${serials.join('\n')}\n100001`)
  await expect(page.getByText('Розпізнано номерів: 3')).toBeVisible()
  await page.getByRole('button', { name: 'Зареєструвати (3)' }).click()
  await expect(
    page.getByText('Ці серійні номери вже зареєстровано: 100001. Нічого не зареєстровано.'),
  ).toBeVisible()
  // Each batch device is named «Пристрій <serial>».
  const registered = async () => {
    const found: string[] = []
    for (const serial of serials) {
      const list = await api<{ data: { id: string }[] }>(
        request,
        admin,
        'GET',
        `items?filter[name]=${serial}`,
      )
      found.push(...list.data.map((item) => item.id))
    }
    return found
  }
  expect(await registered()).toHaveLength(0)
  await expectNoSevereAxeFindings(page, 'batch registration')

  await page.getByLabel('Серійні номери').fill(serials.join(', '))
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Зареєструвати (2)' }).click()
  const file = await download
  expect(file.suggestedFilename()).toMatch(/^teplo-credentials-.*\.csv$/)
  const csv = await readFile((await file.path())!, 'utf8')
  // A byte order mark first, so that Excel reads the Cyrillic headers.
  expect(csv.startsWith('\uFEFF')).toBe(true)
  const rows = csv.slice(1).trim().split('\r\n')
  expect(rows[0]).toBe(
    "Серійний номер;Ім'я користувача MQTT;Пароль;Ідентифікатор клієнта;Префікс топіків;Брокер",
  )
  expect(rows.slice(1).map((row) => row.split(';')[0])).toEqual(serials)
  for (const row of rows.slice(1)) {
    const [serial, username, password, clientId] = row.split(';')
    expect(username).toBe(serial)
    expect(password!.length).toBeGreaterThanOrEqual(32)
    expect(clientId).toBe(`teplo-${serial}`)
  }
  await expect(page.getByText('Зареєстровано пристроїв: 2.', { exact: false })).toBeVisible()
  await expect(page.getByText('Паролі контролерів показано лише зараз', { exact: false })).toBeVisible()

  const ids = await registered()
  expect(ids).toHaveLength(2)
  for (const id of ids) await removeDevice(request, admin, id)
})
