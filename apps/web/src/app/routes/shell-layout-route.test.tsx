import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { getToken, setToken } from '../../lib/auth-token'
import { itemListDocument, itemResource } from '../../lib/items/item-fixtures.test-data'
import { stubFetch } from '../../test/fetch-stub'
import { renderRoutes } from '../../test/render-routes'
import { profileDocument } from '../../test/resource-fixtures'
import { routes } from '../route-table'

const slow = { timeout: 5000 }

/** An item-errors page of one row whose meta says how many there are. */
function errorCountDocument(total: number) {
  return {
    data: [],
    meta: { page: { currentPage: 1, from: 1, to: 1, perPage: 1, lastPage: total, total } },
    links: {},
  }
}

const MENU = [
  ['Головна', '/dashboards'],
  ['Підключені пристрої', '/items'],
  ['Сервісні налаштування', '/service'],
  ['Оновлення', '/update'],
  ['Користувачі', '/users'],
  ['Довідка', '/pages/faq'],
]

describe('application shell', () => {
  // The help page asks for the support contacts; no server runs in these tests.
  beforeEach(() => {
    stubFetch(() => ({ status: 404 }))
  })

  it('has the six menu entries, the help card and the top-bar links', async () => {
    setToken('token-1')
    stubFetch((call) =>
      call.url.startsWith('/api/v2/me') ? { status: 200, body: profileDocument('admin') } : { status: 404 },
    )
    renderRoutes(routes, '/pages/faq')
    const menu = await screen.findByRole('navigation', { name: 'Головне меню' }, slow)
    await within(menu).findByRole('link', { name: 'Користувачі' }, slow)

    const links = within(menu).getAllByRole('link')
    const shown = links.map((link) => [link.textContent, link.getAttribute('href')])
    // The spec's six, in their order, with the admin's other screens beside them.
    expect(shown.filter((entry) => MENU.some(([, path]) => path === entry[1]))).toEqual(MENU)
    expect(shown).toEqual(
      expect.arrayContaining([
        ['Помилки пристроїв', '/items/errors'],
        ['Типи пристроїв', '/categories/list'],
        ['Ролі', '/roles/list'],
      ]),
    )
    expect(within(menu).getByRole('button', { name: 'Написати' }).getAttribute('aria-haspopup')).toBe(
      'dialog',
    )
    expect(within(menu).getByRole('heading', { name: 'Потрібна допомога?' })).toBeTruthy()

    const header = screen.getByRole('banner')
    expect(within(header).getByRole('link', { name: 'Налаштування акаунта' }).getAttribute('href')).toBe(
      '/account/settings',
    )
    expect(within(header).getByRole('link', { name: 'Teplo — на головну' }).getAttribute('href')).toBe('/')
    expect(within(header).getByRole('link', { name: 'Мій профіль' }).getAttribute('href')).toBe(
      '/pages/profile/teams',
    )
    expect(screen.getByRole('main')).toBeTruthy()
    expect(screen.getByRole('contentinfo')).toBeTruthy()
  })

  it('shows a visitor who is not signed in the help page and the sign-in link only', async () => {
    renderRoutes(routes, '/pages/faq')
    const menu = await screen.findByRole('navigation', { name: 'Головне меню' }, slow)

    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/pages/faq'])
    const header = screen.getByRole('banner')
    expect(within(header).getByRole('link', { name: 'Вхід' }).getAttribute('href')).toBe('/login')
    expect(within(header).queryByRole('link', { name: 'Мій профіль' })).toBeNull()
  })

  it('shows an owner no entry that would send them home, and the count of active faults', {
    timeout: 20_000,
  }, async () => {
    setToken('token-1')
    stubFetch((call) => {
      if (call.url.startsWith('/api/v2/me')) return { status: 200, body: profileDocument('user') }
      if (call.url.startsWith('/api/v2/items?'))
        return {
          status: 200,
          body: itemListDocument([itemResource('4', { status: 'on' }), itemResource('5')]),
        }
      if (call.url.startsWith('/api/v2/item-errors?'))
        return { status: 200, body: errorCountDocument(call.url.includes('item_id=4') ? 2 : 1) }
      return { status: 404 }
    })
    const { router } = renderRoutes(routes, '/pages/faq')
    const menu = await screen.findByRole('navigation', { name: 'Головне меню' }, slow)

    const errors = await within(menu).findByRole('link', { name: 'Помилки пристроїв, активних: 3' }, slow)
    expect(errors.getAttribute('href')).toBe('/items/errors')
    await userEvent.setup().click(errors)
    await waitFor(() => expect(router.state.location.pathname).toBe('/items/errors'), slow)
    expect(await screen.findByRole('heading', { level: 1, name: 'Помилки пристроїв' }, slow)).toBeTruthy()
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/dashboards', '/items/errors', '/service', '/update', '/pages/faq'])
  })

  it('collapses the side menu to icons that keep their names', async () => {
    const user = userEvent.setup()
    renderRoutes(routes, '/pages/faq')

    await user.click(await screen.findByRole('button', { name: 'Згорнути меню' }, slow))

    const toggle = screen.getByRole('button', { name: 'Розгорнути меню' })
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    const menu = screen.getByRole('navigation', { name: 'Головне меню' })
    expect(within(menu).getByRole('link', { name: /^(Справка|Довідка)$/ })).toBeTruthy()
    expect(within(menu).queryByRole('button', { name: 'Написати' })).toBeNull()
  })

  it("opens the help modal from the menu card's 'Написати' button", async () => {
    const user = userEvent.setup()
    renderRoutes(routes, '/pages/faq')
    const menu = await screen.findByRole('navigation', { name: 'Головне меню' }, slow)

    await user.click(within(menu).getByRole('button', { name: 'Написати' }))

    expect(await screen.findByRole('dialog', { name: 'Потрібна допомога?' }, slow)).toBeTruthy()
  })

  it('signs out to /login and forgets the token even when the logout call fails', async () => {
    setToken('token-1')
    const calls = stubFetch((call) =>
      call.url.startsWith('/api/v2/me')
        ? { status: 200, body: profileDocument('admin') }
        : new TypeError('offline'),
    )
    const user = userEvent.setup()
    const { router } = renderRoutes(routes, '/dashboards')

    await user.click(await screen.findByRole('button', { name: 'Вихід' }, slow))

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), slow)
    expect(getToken()).toBeNull()
    expect(calls.some((call) => call.method === 'POST' && call.url === '/api/v2/logout')).toBe(true)
  })
})
