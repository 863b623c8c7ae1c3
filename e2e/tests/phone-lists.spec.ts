import { expect, type Page, test } from '@playwright/test'
import { apiToken, useToken } from '../support/api-session'
import { checkScreen } from '../support/screen-check'

// Every list fits a 360 px phone (issue 17, point 10): no sideways scrolling, and every action within the screen.

const PHONE = { width: 360, height: 740 }

let admin: string

test.beforeAll(async ({ request }) => {
  admin = await apiToken(request, 'admin')
})

test.beforeEach(async ({ page }) => {
  await page.setViewportSize(PHONE)
  await useToken(page, admin)
})

async function expectFitsPhone(page: Page) {
  const sizes = await page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement
    return { scroll: root.scrollWidth, client: root.clientWidth }
  })
  expect(sizes.scroll, 'horizontal scrolling at 360 px').toBeLessThanOrEqual(sizes.client)
  // Every button and link of the screen lies within its width (the menu drawer is closed on a phone).
  const outside = await page
    .locator('main')
    .getByRole('button')
    .or(page.locator('main').getByRole('link'))
    .evaluateAll((elements) =>
      elements
        .filter((element) => element.getClientRects().length > 0)
        .map((element) => ({
          name: element.getAttribute('aria-label') ?? element.textContent,
          box: element.getBoundingClientRect(),
        }))
        .filter(({ box }) => box.left < 0 || box.right > window.innerWidth)
        .map(({ name, box }) => `${name}: ${Math.round(box.left)}–${Math.round(box.right)}`),
    )
  expect(outside, 'actions beyond the screen edge').toEqual([])
}

// Words of English interface chrome (MUI's own labels, the specification's English texts): none may show in the
// Ukrainian interface, in the text or in the names given to assistive technology (issue 17, point 9).
const ENGLISH_CHROME =
  /\b(Clear|Open|Close|Go to|Rows per page|No options|Loading|Showing|entries|No results|Oops|successfully|Sign In|Sign Up|Submit|Search|Previous|Next page|Delete|Edit|Save|Cancel|Serial Number|Basic|Cover|Illustration|Not found|Unauthenticated)\b/

async function expectNoEnglishChrome(page: Page) {
  const texts = await page.evaluate(() => {
    const labelled = Array.from(document.querySelectorAll('[aria-label], [title], [placeholder], [alt]'))
    const names = labelled.flatMap((element) =>
      ['aria-label', 'title', 'placeholder', 'alt'].map((name) => element.getAttribute(name) ?? ''),
    )
    // What is on screen is what counts: innerText leaves out hidden text, textContent would not.
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is the point here
    return [document.title, document.body.innerText, ...names]
  })
  const english = texts.flatMap((text) => text.match(new RegExp(ENGLISH_CHROME, 'g')) ?? [])
  expect(english, 'English interface words').toEqual([])
}

const lists = [
  { path: '/users/list', label: 'Список користувачів' },
  { path: '/roles/list', label: 'Список ролей' },
  { path: '/categories/list', label: 'Список типів пристроїв' },
] as const

for (const { path, label } of lists) {
  test(`${path} shows its rows as cards with Edit and Delete in view at 360 px`, async ({ page }) => {
    await page.goto(path)
    const cards = page.getByRole('list', { name: label })
    const first = cards.getByRole('listitem').first()
    await expect(first).toBeVisible()
    await expect(first.getByRole('link', { name: /^Редагувати: / })).toBeInViewport()
    await expect(first.getByRole('button', { name: /^Видалити: / })).toBeInViewport()
    await expect(page.getByRole('table')).toHaveCount(0)
    await expectFitsPhone(page)
    await expectNoEnglishChrome(page)
    await checkScreen(page, `phone${path.replaceAll('/', '-')}`)

    // Sorting without column headers: the select orders the cards.
    const sort = page.getByLabel('Сортування')
    const descending = (await sort.locator('option').nth(2).getAttribute('value')) ?? ''
    expect(descending).toMatch(/^-/)
    const byName = page.waitForResponse((response) =>
      response.url().includes(`sort=${encodeURIComponent(descending)}`),
    )
    await sort.selectOption(descending)
    expect((await byName).ok()).toBe(true)
    await expect(first).toBeVisible()
    await expectFitsPhone(page)
  })
}

test('the other screens of the admin fit 360 px: devices, errors, dashboard, forms, help, profile', async ({
  page,
}) => {
  test.setTimeout(90_000)
  const screens = [
    '/items',
    '/items/errors',
    '/dashboards',
    '/items/new',
    '/items/claim',
    '/users/new',
    '/roles/new',
    '/categories/new',
    '/pages/faq',
    '/pages/profile/teams',
    '/account/settings',
  ]
  for (const path of screens) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await page.waitForLoadState('networkidle')
    await expectFitsPhone(page)
    await expectNoEnglishChrome(page)
  }
})
