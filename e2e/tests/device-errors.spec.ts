import { expect, test } from '@playwright/test'
import { apiToken, useToken } from '../support/api-session'
import { createDevice, freshSerial, removeDevice } from '../support/devices'
import { checkScreen } from '../support/screen-check'

const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`

test('the device errors screen lists confirmed devices and says when one has no new errors', async ({
  page,
  request,
}) => {
  const creator = await apiToken(request, 'creator')
  const confirmedName = `E2E підтверджений ${stamp}`
  const pendingName = `E2E непідтверджений ${stamp}`
  const serial = freshSerial()
  const confirmed = await createDevice(request, creator, confirmedName, serial)
  const pending = await createDevice(request, creator, pendingName, freshSerial(7))
  // The controller's side of pairing: proving the code moves the device out of 'pending'.
  const verified = await request.post('/api/v2/items/verify-token', {
    data: { serial_number: serial, token: confirmed.meta.verification_token },
  })
  expect(verified.ok(), await verified.text()).toBe(true)

  await useToken(page, creator)
  await page.goto('/items/errors')
  await expect(page.getByRole('heading', { level: 1, name: 'Помилки пристроїв' })).toBeVisible()
  const picker = page.getByLabel('Пристрій')
  await expect(picker.locator('option', { hasText: confirmedName })).toHaveCount(1)
  await expect(picker.locator('option', { hasText: pendingName })).toHaveCount(0)

  await picker.selectOption({ label: confirmedName })
  await expect(page.getByText('Нових помилок не знайдено')).toBeVisible()
  await checkScreen(page, 'device-errors')

  await removeDevice(request, creator, confirmed.data.id)
  await removeDevice(request, creator, pending.data.id)
})
