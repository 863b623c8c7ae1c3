import { type APIRequestContext, expect, type Page, test } from '@playwright/test'
import { confirmAddress } from '../support/addresses'
import { api, apiToken, useToken } from '../support/api-session'
import { pairedBoilerOf } from '../support/devices'
import { waitForMail } from '../support/mail'

// Handing a boiler over as an action of its own, the previous owner told where it went, an owner kept out of the
// installers' and administrators' pages with a word, and the administrator's picker of every account's devices.

const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`

/** A new account with a proven address; answers its token and id. */
async function account(request: APIRequestContext, name: string, email: string) {
  const response = await request.post('/api/v2/register', {
    data: { name, email, password: 'warm-house-1', password_confirmation: 'warm-house-1' },
  })
  expect(response.ok(), await response.text()).toBe(true)
  await confirmAddress(request, email)
  const token = ((await response.json()) as { access_token: string }).access_token
  const me = await api<{ data: { id: string } }>(request, token, 'GET', 'me')
  return { token, id: me.data.id }
}

const accessSection = (page: Page) => page.getByRole('region', { name: 'Доступ' })

test('handing a boiler over: its own action, a dialog with the consequences, and the old owner told afterwards', async ({
  page,
  request,
}) => {
  test.slow()
  const owner = await account(request, 'Ірина', `seller-${unique()}@teplo.test`)
  const name = `Котел ${unique()}`
  const boiler = await pairedBoilerOf(request, owner.id, name)
  const buyerEmail = `buyer-${unique()}@teplo.test`

  await useToken(page, owner.token)
  await page.goto(`/dashboards?device=${boiler.id}`)
  const access = accessSection(page)
  // Not a level among the others.
  const levels = access.getByLabel('Рівень доступу', { exact: true })
  await expect(levels).toContainText('Монтажник')
  await expect(levels).not.toContainText('Передати у власність')
  await access.getByRole('button', { name: 'Передати власність…' }).click()
  const dialog = page.getByRole('dialog', { name: `Передати котел «${name}» новому власнику` })
  const consequences = dialog.getByTestId('handover-consequences')
  await expect(consequences).toContainText('Щойно він прийме, ви втратите доступ до котла')
  // The installer who registered the boiler shares it: that access ends too.
  await expect(consequences).toContainText('Доступ 1 людини, з якою поділилися котлом, закінчиться')
  await expect(consequences).toContainText(
    'Налаштування, розклад, історія та журнал змін залишаються з котлом',
  )
  const send = dialog.getByRole('button', { name: 'Надіслати пропозицію' })
  await dialog.getByLabel('Email нового власника').fill(buyerEmail)
  await expect(send).toBeDisabled()
  await dialog.getByRole('checkbox', { name: 'Я розумію, що втрачу доступ до котла' }).check()
  await send.click()
  await expect(page.getByText(`Пропозицію передати котел надіслано на ${buyerEmail}`)).toBeVisible()
  await expect(dialog).toHaveCount(0)
  await expect(access.getByText(new RegExp(`${buyerEmail} · Передати у власність`))).toBeVisible()

  // The buyer signs up through the mailed link: the boiler is theirs at once.
  const letter = await waitForMail(buyerEmail)
  const token = /invitations\/accept\?token=([\w-]+)/.exec(letter)?.[1]
  expect(token, letter).toBeTruthy()
  const joined = await request.post('/api/v2/register', {
    data: {
      name: 'Покупець',
      email: buyerEmail,
      password: 'warm-house-1',
      password_confirmation: 'warm-house-1',
      invitation_token: token,
    },
  })
  expect(joined.ok(), await joined.text()).toBe(true)

  // The old owner's list is empty, and says why and what to do.
  await page.goto('/dashboards')
  await expect(page.getByText('Пристроїв не знайдено')).toBeVisible()
  const told = page.getByTestId('handed-over')
  await expect(told).toContainText('Котли, які ви передали')
  await expect(told).toContainText(
    new RegExp(
      `Ви передали котел «${name}» \\(серійний номер ${boiler.serial}\\) новому власнику ${buyerEmail} \\d{2}\\.\\d{2}\\.\\d{2}\\. Доступу до нього у вас більше немає\\.`,
    ),
  )
  await expect(page.getByText('Щоб додати котел, введіть його серійний номер і код власника')).toBeVisible()
  await told.getByRole('button', { name: 'Зрозуміло' }).click()
  await expect(told).toHaveCount(0)
  await page.reload()
  await expect(page.getByText('Пристроїв не знайдено')).toBeVisible()
  await expect(page.getByTestId('handed-over')).toHaveCount(0)
})

test('an owner opening an installer or administrator page lands on «Головна» told why, never on a blank screen', async ({
  page,
  request,
}) => {
  await useToken(page, await apiToken(request, 'user'))
  for (const [path, title] of [
    ['/fleet', 'Парк котлів'],
    ['/items', 'Підключені пристрої'],
  ] as const) {
    await page.goto(path)
    await expect(page).toHaveURL(/\/dashboards$/)
    const notice = page.getByTestId('no-access')
    await expect(notice).toContainText('Немає доступу')
    await expect(notice).toContainText(
      `Сторінка «${title}» доступна лише для ролей: Адміністратор, Монтажник. Ваша роль — Власник, тому вас перенаправлено на головну.`,
    )
  }
  await page.goto('/users/list')
  await expect(page).toHaveURL(/\/dashboards$/)
  await expect(page.getByTestId('no-access')).toContainText(
    'Сторінка «Користувачі» доступна лише для ролей: Адміністратор.',
  )
  await page.getByTestId('no-access').getByRole('button', { name: 'Зрозуміло' }).click()
  await expect(page.getByTestId('no-access')).toHaveCount(0)
  await expect(page.getByRole('heading', { level: 1, name: 'Головна' })).toBeVisible()
})

test("the administrator's device picker finds other accounts' boilers on the server", async ({
  page,
  request,
}) => {
  test.slow()
  const stranger = await account(request, 'Стефан', `stranger-${unique()}@teplo.test`)
  const name = `Чужий котел ${unique()}`
  const boiler = await pairedBoilerOf(request, stranger.id, name)

  await useToken(page, await apiToken(request, 'admin'))
  await page.goto('/items/errors')
  await expect(page.getByRole('heading', { level: 1, name: 'Помилки пристроїв' })).toBeVisible()
  const picker = page.getByRole('combobox', { name: 'Пристрій' })
  await expect(page.getByText('Усі пристрої всіх користувачів: почніть вводити назву')).toBeVisible()
  await picker.fill(name)
  await page.getByRole('option', { name: new RegExp(`^${name} — .*\\(${boiler.serial}\\)$`) }).click()
  await expect(page).toHaveURL(new RegExp(`/items/errors\\?device=${boiler.id}$`))
  await expect(picker).toHaveValue(new RegExp(`^${name}`))
  // Opened by its address, the choice stays.
  await page.reload()
  await expect(page.getByRole('combobox', { name: 'Пристрій' })).toHaveValue(new RegExp(`^${name}`))
})
