import { expect, type Page, test } from '@playwright/test'
import { errorCodeDescription } from '@teplo/domain'
import { startSimulator } from '@teplo/simulator'
import { api, apiToken, useToken } from '../support/api-session'
import { createDevice, freshSerial, removeDevice } from '../support/devices'
import { brokerUrl } from '../support/paths'

// The e2e server runs its embedded device broker on the port after its HTTP port (playwright.config.ts).
const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`

type Credentials = { data: { attributes: { username: string; password: string } } }
type ErrorList = { data: { attributes: { error_code: string } }[] }

const menu = (page: Page) => page.getByRole('navigation', { name: 'Головне меню' })
const menuHrefs = (page: Page) =>
  menu(page)
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')))

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  const compact = viewport.width < 992
  const openMenu = async (page: Page) => {
    if (compact) await page.getByRole('button', { name: 'Відкрити меню' }).click()
  }

  test(`at ${viewport.width} px an owner's menu leads only where an owner may go, and the profile is linked`, async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000)
    await page.setViewportSize(viewport)
    await useToken(page, await apiToken(request, 'user'))
    // A light screen to start from: the dashboard's history keeps a loaded machine busy for many seconds.
    await page.goto('/update')
    await openMenu(page)
    await expect(menu(page).getByRole('link', { name: 'Головна' })).toBeVisible()
    expect(await menuHrefs(page)).toEqual([
      '/dashboards',
      '/items/errors',
      '/service',
      '/update',
      '/pages/faq',
    ])
    // The demo owner's boiler has an active fault (E5 in its generated past): the entry counts it.
    await menu(page)
      .getByRole('link', { name: /^Помилки пристроїв, активних: \d+$/ })
      .click()
    await expect(page).toHaveURL(/\/items\/errors/)
    await expect(page.getByRole('heading', { level: 1, name: 'Помилки пристроїв' })).toBeVisible({
      timeout: 15_000,
    })

    await page.getByRole('link', { name: 'Мій профіль' }).click()
    await expect(page).toHaveURL(/\/pages\/profile\/teams$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Мій профіль' })).toBeVisible({
      timeout: 15_000,
    })
  })

  test(`at ${viewport.width} px an administrator's menu has device types and roles, and they open`, async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000)
    await page.setViewportSize(viewport)
    await useToken(page, await apiToken(request, 'admin'))
    await page.goto('/dashboards')
    await openMenu(page)
    await expect(menu(page).getByRole('link', { name: 'Ролі' })).toBeVisible()
    expect(await menuHrefs(page)).toEqual([
      '/dashboards',
      '/items/errors',
      '/items',
      '/fleet',
      '/categories/list',
      '/service',
      '/update',
      '/users',
      '/roles/list',
      '/pages/faq',
    ])
    await menu(page).getByRole('link', { name: 'Типи пристроїв' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Типи пристроїв' })).toBeVisible({
      timeout: 15_000,
    })
    await openMenu(page)
    await menu(page).getByRole('link', { name: 'Ролі' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Ролі' })).toBeVisible({ timeout: 15_000 })
  })
}

test('active faults show on the dashboard and in the menu, lead to the errors, and the chosen boiler survives reload and Back', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000)
  const admin = await apiToken(request, 'admin')
  await useToken(page, admin)
  const name = `E2E несправний ${stamp}`
  const serial = freshSerial(7)
  const created = await createDevice(request, admin, name, serial)
  const verified = await request.post('/api/v2/items/verify-token', {
    data: { serial_number: serial, token: created.meta.verification_token },
  })
  expect(verified.ok(), await verified.text()).toBe(true)
  const { password } = ((await verified.json()) as Credentials).data.attributes
  const simulator = startSimulator({ url: brokerUrl, devices: [{ serial, password }], intervalSeconds: 2 })
  try {
    await simulator.whenConnected()
    simulator.inject(serial, 'E1')
    simulator.inject(serial, 'E7')
    await expect
      .poll(async () => {
        const errors = await api<ErrorList>(request, admin, 'GET', `item-errors?item_id=${created.data.id}`)
        return errors.data.map((error) => error.attributes.error_code).sort()
      })
      .toEqual(['E1', 'E7'])

    await page.goto(`/dashboards?device=${created.data.id}`)
    await expect(page.getByRole('combobox', { name: 'Пристрій' })).toHaveText(name, { timeout: 20_000 })
    const faults = page.getByRole('region', { name: 'Активні помилки: 2' })
    await expect(faults).toBeVisible({ timeout: 15_000 })
    await expect(faults).toContainText(`E1: ${errorCodeDescription('E1')}`)
    await expect(faults).toContainText(`E7: ${errorCodeDescription('E7')}`)
    await expect(faults).toContainText('Що робити:')
    await expect(menu(page).getByRole('link', { name: /^Помилки пристроїв, активних: \d+$/ })).toBeVisible()

    // Reload keeps the chosen boiler.
    await page.reload()
    await expect(page.getByRole('combobox', { name: 'Пристрій' })).toHaveText(name, { timeout: 20_000 })

    await faults.getByRole('link', { name: 'Усі помилки' }).click()
    await expect(page).toHaveURL(new RegExp(`/items/errors\\?device=${created.data.id}$`))
    await expect(page.getByRole('region', { name: `Помилки пристрою «${name}»` })).toBeVisible()

    // Back returns to the same boiler.
    await page.goBack()
    await expect(page).toHaveURL(new RegExp(`/dashboards\\?device=${created.data.id}$`))
    await expect(page.getByRole('combobox', { name: 'Пристрій' })).toHaveText(name)
  } finally {
    await simulator.stop()
    await removeDevice(request, admin, created.data.id)
  }
})
