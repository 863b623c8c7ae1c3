import { expect, test } from '@playwright/test'
import { apiToken, useToken } from '../support/api-session'
import { checkScreen } from '../support/screen-check'

// The heating installation a controller announces (ADR 063): the installer's demo test bench drives radiators,
// underfloor heating and a buffer tank; its dashboard shows them with live readings. A single boiler shows none.

test('the installer sees the circuits and the buffer tank of the test bench on a phone', async ({
  page,
  request,
}) => {
  const installer = await apiToken(request, 'creator')
  await useToken(page, installer)
  await page.setViewportSize({ width: 375, height: 740 })
  await page.goto('/dashboards')
  await page.getByRole('combobox', { name: 'Пристрій' }).click()
  await page.getByRole('option', { name: /Стенд монтажника/ }).click()
  const section = page.getByRole('region', { name: 'Опалювальна установка' })
  await expect(section).toBeVisible({ timeout: 20_000 })
  const radiators = section.getByRole('region', { name: 'Радіатори' })
  const floor = section.getByRole('region', { name: 'Тепла підлога' })
  // The simulated controller's readings arrive with its telemetry.
  await expect(radiators).toContainText(/Подача\s*\d+(,\d)? °C/, { timeout: 20_000 })
  await expect(radiators).toContainText(/У приміщенні\s*\d+(,\d)? °C/)
  await expect(floor).toContainText('Контур 2')
  await expect(section.getByRole('region', { name: 'Буферна ємність' })).toContainText(/Верх\s*\d+(,\d)? °C/)
  await expect(section).toContainText('разовий нагрів, захист від легіонели')
  await checkScreen(page, 'installation')

  // «Котел вдома» is a single boiler: no installation section.
  const admin = await apiToken(request, 'admin')
  await useToken(page, admin)
  await page.goto('/dashboards')
  await expect(page.getByRole('combobox', { name: 'Пристрій' })).toHaveText('Котел вдома')
  await expect(page.getByRole('region', { name: 'Тижневий розклад' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Опалювальна установка' })).toHaveCount(0)
})
