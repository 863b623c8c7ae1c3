import { expect, type Page, test } from '@playwright/test'
import { apiToken, useToken } from '../support/api-session'
import { CutOffProxy } from '../support/cut-off-proxy'
import { serverPort } from '../support/paths'
import { serviceWorkerReady } from '../support/service-worker'

// The browser reaches the e2e server through a port that the test shuts and opens again (the server's own
// port is shared by every test); for the page that is a server that stopped and came back.
const proxy = new CutOffProxy(serverPort + 2, serverPort)

let admin: string

test.beforeAll(async ({ request }) => {
  admin = await apiToken(request, 'admin')
  await proxy.start()
})

test.afterAll(async () => {
  await proxy.stop()
})

test.beforeEach(async ({ page }) => {
  await useToken(page, admin)
})

const menu = (page: Page) => page.getByRole('navigation', { name: 'Головне меню' })
const banner = (page: Page) => page.getByRole('alert').filter({ hasText: "Немає зв'язку з сервером" })

async function openLiveDashboard(page: Page) {
  await page.goto(`${proxy.origin}/dashboards`)
  await expect(page.getByRole('combobox', { name: 'Пристрій' })).toHaveText('Котел вдома', {
    timeout: 20_000,
  })
  await expect(page.getByRole('meter', { name: 'Температура котла' })).toHaveAttribute(
    'aria-valuetext',
    /^-?\d+(,\d+)? °C$/,
    { timeout: 20_000 },
  )
  await expect(page.getByText("з'єднання встановлено")).toBeVisible()
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`at ${viewport.width} px a stopped server keeps the shell, says so within 5 s and recovers by itself`, async ({
    page,
  }) => {
    test.setTimeout(60_000)
    await page.setViewportSize(viewport)
    await openLiveDashboard(page)
    // The installed app: its worker holds every screen's code (ADR 049).
    await serviceWorkerReady(page)

    await proxy.stop()
    const stoppedAt = Date.now()
    await expect(banner(page)).toBeVisible({ timeout: 5_000 })
    expect(Date.now() - stoppedAt).toBeLessThan(5_000)
    // The values stay, marked as of their time; no chip claims a connection or an applied change.
    await expect(page.getByText(/^Дані станом на \d{2}:\d{2}:\d{2}/)).toBeVisible()
    await expect(page.getByText("з'єднання встановлено")).toHaveCount(0)
    await expect(page.getByText(/^Налаштування: Застосовано/)).toHaveCount(0)
    await expect(page.getByText('Налаштування: невідомо')).toBeVisible()
    await expect(page.getByRole('meter', { name: 'Температура котла' })).toBeVisible()

    // A save fails with a Ukrainian notice; nothing blanks.
    await page.getByRole('button', { name: 'Змінити: Температура котла' }).click()
    const dialog = page.getByRole('dialog', { name: 'Температура котла' })
    await dialog.getByRole('spinbutton', { name: 'Задана температура, °C' }).fill('61')
    await dialog.getByRole('button', { name: 'Зберегти' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'Сервер недоступний' }).first()).toBeVisible()
    await dialog.getByRole('button', { name: 'Скасувати' }).click()
    await expect(dialog).toBeHidden()

    // A screen not yet visited opens from the worker's cache; the banner stays, and so do the menu and header.
    if (viewport.width < 992) await page.getByRole('button', { name: 'Відкрити меню' }).click()
    await menu(page)
      .getByRole('link', { name: /^(Справка|Довідка)$/ })
      .click()
    await expect(page.getByRole('heading', { level: 1, name: 'Довідка' })).toBeVisible({ timeout: 10_000 })
    await expect(page.getByRole('alert').filter({ hasText: 'Не вдалося відкрити сторінку' })).toHaveCount(0)
    await expect(page.getByRole('link', { name: 'Налаштування акаунта' })).toBeVisible()
    await expect(banner(page)).toBeVisible()
    if (viewport.width < 992) await page.getByRole('button', { name: 'Відкрити меню' }).click()
    await expect(menu(page).getByRole('link', { name: 'Головна' })).toBeVisible()

    // Back to the dashboard (already loaded) while the server is still away, then the server returns.
    await menu(page).getByRole('link', { name: 'Головна' }).click()
    await expect(page.getByRole('meter', { name: 'Температура котла' })).toBeVisible()
    await proxy.start()
    await expect(banner(page)).toBeHidden({ timeout: 10_000 })
    await expect(page.getByText("з'єднання встановлено")).toBeVisible({ timeout: 10_000 })
    await expect(page.getByText(/^Дані станом на/)).toHaveCount(0)
  })
}
