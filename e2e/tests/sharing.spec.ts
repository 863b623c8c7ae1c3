import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test'
import { confirmAddress } from '../support/addresses'
import { api, apiToken, useToken } from '../support/api-session'
import { pairedBoilerOf } from '../support/devices'
import { waitForMail } from '../support/mail'

const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`

/** A new account through the API, its address proven with the mailed link; answers its token. */
async function registered(request: APIRequestContext, name: string, email: string) {
  const response = await request.post('/api/v2/register', {
    data: { name, email, password: 'warm-house-1', password_confirmation: 'warm-house-1' },
  })
  expect(response.ok(), await response.text()).toBe(true)
  await confirmAddress(request, email)
  return ((await response.json()) as { access_token: string }).access_token
}

async function pageWith(browser: Browser, token: string | null): Promise<Page> {
  const context = await browser.newContext()
  const page = await context.newPage()
  if (token) await useToken(page, token)
  return page
}

const accessSection = (page: Page) => page.getByRole('region', { name: 'Доступ' })

test('the owner shares a boiler with an existing account, who then sees it; revoking takes it away', async ({
  browser,
  request,
}) => {
  test.slow()
  const ownerEmail = `owner-${unique()}@teplo.test`
  const familyEmail = `family-${unique()}@teplo.test`
  const ownerToken = await registered(request, 'Олена', ownerEmail)
  const familyToken = await registered(request, 'Син', familyEmail)
  const me = await api<{ data: { id: string } }>(request, ownerToken, 'GET', 'me')
  const boilerId = (await pairedBoilerOf(request, me.data.id, `Котел ${unique()}`)).id

  const owner = await pageWith(browser, ownerToken)
  await owner.goto(`/dashboards?device=${boilerId}`)
  const access = accessSection(owner)
  await expect(access.getByText('Ваш доступ: Власник')).toBeVisible()
  // The installer who registered it keeps installer access, shown to the owner.
  await expect(access.getByRole('listitem', { name: 'creator@teplo.demo' })).toBeVisible()
  await access.getByLabel('Email').fill(familyEmail)
  await access.getByLabel('Рівень доступу', { exact: true }).selectOption('operator')
  await access.getByRole('button', { name: 'Надати доступ' }).click()
  await expect(owner.getByText(`Доступ надано: ${familyEmail}`)).toBeVisible()
  const row = access.getByRole('listitem', { name: familyEmail })
  await expect(row).toBeVisible()

  const family = await pageWith(browser, familyToken)
  await family.goto('/dashboards')
  await expect(
    family.getByRole('region', { name: 'Доступ' }).getByText('Ваш доступ: Керування'),
  ).toBeVisible()
  await expect(family.getByRole('heading', { name: 'Температура котла' })).toBeVisible()

  // The owner lowers the level in the list: the family member now only looks.
  await row.getByLabel(`Рівень доступу для ${familyEmail}`).selectOption('viewer')
  await expect(owner.getByText('Рівень доступу змінено')).toBeVisible()
  await family.reload()
  await expect(family.getByRole('region', { name: 'Доступ' }).getByText('Ваш доступ: Перегляд')).toBeVisible()

  await row.getByRole('button', { name: 'Скасувати доступ' }).click()
  await expect(owner.getByText('Доступ скасовано')).toBeVisible()
  await expect(row).toHaveCount(0)

  await family.reload()
  await expect(family.getByText('Пристроїв не знайдено')).toBeVisible()
})

test('an invitation mailed to a new address: the link leads to a sign-up with the address filled in, which lands on the shared boiler', async ({
  browser,
  request,
}) => {
  test.slow()
  const ownerToken = await registered(request, 'Марія', `owner-${unique()}@teplo.test`)
  const me = await api<{ data: { id: string } }>(request, ownerToken, 'GET', 'me')
  const boilerName = `Котел ${unique()}`
  const boilerId = (await pairedBoilerOf(request, me.data.id, boilerName)).id
  const guestEmail = `guest-${unique()}@teplo.test`

  const owner = await pageWith(browser, ownerToken)
  await owner.goto(`/dashboards?device=${boilerId}`)
  const access = accessSection(owner)
  await access.getByLabel('Email').fill(guestEmail)
  await access.getByLabel('Рівень доступу', { exact: true }).selectOption('viewer')
  await access.getByRole('button', { name: 'Надати доступ' }).click()
  await expect(owner.getByText(`Запрошення надіслано на ${guestEmail}`)).toBeVisible()
  await expect(access.getByText(new RegExp(`${guestEmail} · Перегляд`))).toBeVisible()

  const letter = await waitForMail(guestEmail)
  const link = /https?:\/\/\S+\/invitations\/accept\?token=[\w-]+/.exec(letter)?.[0]
  expect(link, letter).toBeTruthy()
  const path = new URL(link ?? '').pathname + new URL(link ?? '').search

  const guest = await pageWith(browser, null)
  await guest.goto(path)
  await expect(
    guest.getByText(`Марія запрошує вас до котла «${boilerName}» з доступом «Перегляд».`),
  ).toBeVisible()
  await expect(guest.getByText(`Запрошення надіслано на адресу ${guestEmail}.`)).toBeVisible()
  await guest.getByRole('link', { name: 'Зареєструватися' }).click()
  // The invited address is filled in and fixed: registering with it accepts the invitation (ADR 048).
  const email = guest.getByLabel('Email')
  await expect(email).toHaveValue(guestEmail)
  await expect(email).toHaveAttribute('readonly', '')
  await expect(
    guest.getByText('Адреса із запрошення: щойно ви зареєструєтеся, запрошення буде прийнято.'),
  ).toBeVisible()
  await guest.getByLabel('Логін').fill('Гість')
  await guest.getByLabel('Пароль', { exact: true }).fill('warm-house-1')
  await guest.getByLabel('Підтвердження пароля').fill('warm-house-1')
  await guest.getByRole('checkbox', { name: 'Я приймаю Правила та умови' }).check()
  await guest.getByRole('button', { name: 'Зареєструватися' }).click()
  // No «Прийняти» any more: the person lands on the shared boiler, told why it is there.
  await expect(guest).toHaveURL(new RegExp(`/dashboards\\?device=${boilerId}$`))
  await expect(
    guest.getByText(`Запрошення прийнято: котел «${boilerName}» тепер у вашому списку.`),
  ).toBeVisible()
  await expect(guest.getByRole('button', { name: 'Прийняти' })).toHaveCount(0)
  await expect(guest.getByRole('region', { name: 'Доступ' }).getByText('Ваш доступ: Перегляд')).toBeVisible()
  // A viewer sees the values but cannot change them.
  await expect(guest.getByRole('button', { name: 'Змінити: Температура котла' })).toBeDisabled()

  // The link was spent by accepting: opening it again says so.
  await guest.goto(path)
  await expect(guest.getByText('Це запрошення вже прийнято: посилання діє лише один раз')).toBeVisible()
})

test('the installer sees the fleet: a silent boiler before the others, searched by name, at 360 px', async ({
  browser,
  request,
}) => {
  test.slow()
  const ownerToken = await registered(request, 'Петро', `owner-${unique()}@teplo.test`)
  const me = await api<{ data: { id: string } }>(request, ownerToken, 'GET', 'me')
  const tag = unique()
  // Paired but never connected with its secret: «connecting», which the fleet ranks as silent.
  const silentId = (await pairedBoilerOf(request, me.data.id, `Парк ${tag} тихий`)).id
  const creator = await apiToken(request, 'creator')

  const page = await pageWith(browser, creator)
  await page.setViewportSize({ width: 360, height: 740 })
  await page.goto('/fleet')
  await expect(page.getByRole('heading', { level: 1, name: 'Парк котлів' })).toBeVisible()
  await page.getByLabel('Пошук: назва, серійний номер, власник').fill(`Парк ${tag}`)
  const row = page.getByRole('listitem', { name: `Парк ${tag} тихий` })
  await expect(row).toBeVisible()
  await expect(row.getByText("Немає зв'язку")).toBeVisible()
  await expect(row.getByText('Ваш доступ: Монтажник')).toBeVisible()
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  await page.getByLabel('Стан').selectOption('ok')
  await expect(row).toHaveCount(0)
  await page.getByLabel('Стан').selectOption('offline')
  await row.getByRole('link', { name: 'Відкрити котел' }).click()
  await expect(page).toHaveURL(new RegExp(`/dashboards\\?device=${silentId}$`))
})

test('an English account reads the access levels, the change log and the service parameters in English', async ({
  browser,
  request,
}) => {
  test.slow()
  const ownerToken = await registered(request, 'Olena', `owner-${unique()}@teplo.test`)
  const familyEmail = `family-${unique()}@teplo.test`
  await registered(request, 'Son', familyEmail)
  await api(request, ownerToken, 'PATCH', 'me', { data: { type: 'users', attributes: { language: 'en' } } })
  const me = await api<{ data: { id: string } }>(request, ownerToken, 'GET', 'me')
  const boilerId = (await pairedBoilerOf(request, me.data.id, `Boiler ${unique()}`)).id

  const owner = await pageWith(browser, ownerToken)
  await owner.goto(`/dashboards?device=${boilerId}`)
  const access = owner.getByRole('region', { name: 'Access' })
  await expect(access.getByText('Your access: Owner')).toBeVisible({ timeout: 20_000 })
  const level = access.getByLabel('Access level', { exact: true })
  await expect(
    level.locator('option', { hasText: "View — only sees the boiler's state and history" }),
  ).toHaveCount(1)
  await access.getByLabel('Email').fill(familyEmail)
  await level.selectOption('operator')
  await access.getByRole('button', { name: 'Give access' }).click()
  const row = access.getByRole('listitem', { name: familyEmail })
  await expect(row.locator('option:checked')).toHaveText('Control')
  // The installer who registered it keeps installer access.
  await expect(
    access.getByRole('listitem', { name: 'creator@teplo.demo' }).locator('option:checked'),
  ).toHaveText('Installer')
  // The change log names the level given in English.
  await owner.reload()
  const log = owner.getByRole('region', { name: 'Change log' })
  await expect(log.getByText(`${familyEmail} was given access: Control`, { exact: false })).toBeVisible({
    timeout: 20_000,
  })
  await expect(owner.locator('body')).not.toContainText('Власник')

  await owner.goto('/service')
  await expect(owner.getByRole('heading', { name: 'Fuel feeder (auger)' })).toBeVisible({ timeout: 20_000 })
  await expect(owner.getByRole('textbox', { name: 'Fuel calorific value, kWh/kg' })).toBeVisible()
  await expect(owner.getByRole('textbox', { name: 'Auger run at 30 %, s' })).toBeVisible()
})
