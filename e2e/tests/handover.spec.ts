import { expect, test } from '@playwright/test'
import { api, apiToken, useToken } from '../support/api-session'
import { demoAccount } from '../support/auth'
import { createDevice, freshSerial } from '../support/devices'
import { waitForMail } from '../support/mail'

// A boiler offered in ownership by e-mail (ADR 033): the acceptance screen tells the new owner who loses access,
// and after accepting offers to invite the installer back in one click.

const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`
const installer = demoAccount('creator')
const family = demoAccount('user')

test('the new owner sees who loses access before accepting, and invites the installer back in one click', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  const creator = await apiToken(request, 'creator')
  const name = `Котел на продаж ${stamp}`
  const serial = freshSerial(11)
  const created = await createDevice(request, creator, name, serial)
  const itemId = created.data.id
  // The installer holds it and shares it with someone of the household as operator.
  await api(request, creator, 'POST', `items/${itemId}/shares`, { email: family.email, access: 'operator' })

  // A buyer with an account of their own is offered the boiler by e-mail.
  const buyerEmail = `buyer-${stamp}@example.com`
  const registered = await request.post('/api/v2/register', {
    data: {
      name: 'Покупець',
      email: buyerEmail,
      password: 'warm-house-1',
      password_confirmation: 'warm-house-1',
    },
  })
  expect(registered.status()).toBe(200)
  const buyer = ((await registered.json()) as { access_token: string }).access_token
  await api(request, creator, 'POST', `items/${itemId}/shares`, { email: buyerEmail, access: 'owner' })
  const letter = await waitForMail(buyerEmail)
  const link = /https?:\/\/\S+\/invitations\/accept\?token=[\w-]+/.exec(letter)?.[0]
  expect(link, letter).toBeTruthy()
  const url = new URL(link ?? '')

  await page.setViewportSize({ width: 360, height: 740 })
  await useToken(page, buyer)
  await page.goto(url.pathname + url.search)
  await expect(page.getByText(`пропонує передати вам котел «${name}» у власність.`)).toBeVisible()
  const losing = page.getByTestId('losing-access')
  await expect(losing).toContainText('Після передачі доступ до котла втратять:')
  await expect(losing).toContainText(`${installer.name} — власник`)
  await expect(losing).toContainText(installer.email)
  await expect(losing).toContainText(`${family.name} — керування`)
  // The household's own addresses are not the buyer's business.
  await expect(losing).not.toContainText(family.email)
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow, 'horizontal scroll at 360 px').toBeLessThanOrEqual(0)

  await page.getByRole('button', { name: 'Прийняти' }).click()
  await expect(page.getByText('Запрошення прийнято')).toBeVisible()
  // Everyone listed lost access at that moment.
  type Listed = { data: { attributes: { serial_number: string } }[] }
  const serialsOf = async (token: string) =>
    (await api<Listed>(request, token, 'GET', 'items?page[size]=100')).data.map(
      (i) => i.attributes.serial_number,
    )
  expect(await serialsOf(creator)).not.toContain(serial)
  expect(await serialsOf(await apiToken(request, 'user'))).not.toContain(serial)

  const inviteBack = page.getByTestId('invite-installers-back')
  await inviteBack.getByRole('button', { name: `Запросити ${installer.name} назад` }).click()
  await expect(inviteBack.getByText('Запрошено', { exact: true })).toBeVisible()
  await expect(page.getByText(`${installer.name} знову має доступ монтажника`)).toBeVisible()
  await expect.poll(() => serialsOf(creator)).toContain(serial)
  // The household member stays out: only the installer was invited back.
  expect(await serialsOf(await apiToken(request, 'user'))).not.toContain(serial)
  await inviteBack.getByRole('button', { name: 'Готово' }).click()
  await expect(page).toHaveURL(/\/dashboards$/)
})
