import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { getToken, setToken } from '../../lib/auth-token'
import { stubFetch } from '../../test/fetch-stub'
import { renderRoutes } from '../../test/render-routes'
import { profileDocument } from '../../test/resource-fixtures'
import { routes } from '../route-table'

const slow = { timeout: 5000 }

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
    renderRoutes(routes, '/pages/faq')
    const menu = await screen.findByRole('navigation', { name: 'Головне меню' }, slow)

    const links = within(menu).getAllByRole('link')
    expect(links.slice(0, 6).map((link) => [link.textContent, link.getAttribute('href')])).toEqual(MENU)
    expect(within(menu).getByRole('button', { name: 'Написати' }).getAttribute('aria-haspopup')).toBe(
      'dialog',
    )
    expect(within(menu).getByRole('heading', { name: 'Потрібна допомога?' })).toBeTruthy()

    const header = screen.getByRole('banner')
    expect(within(header).getByRole('link', { name: 'Налаштування акаунта' }).getAttribute('href')).toBe(
      '/account/settings',
    )
    expect(within(header).getByRole('link', { name: 'Teplo — на головну' }).getAttribute('href')).toBe('/')
    expect(within(header).getByRole('link', { name: 'Вхід' }).getAttribute('href')).toBe('/login')
    expect(screen.getByRole('main')).toBeTruthy()
    expect(screen.getByRole('contentinfo')).toBeTruthy()
  })

  it('collapses the side menu to icons that keep their names', async () => {
    const user = userEvent.setup()
    renderRoutes(routes, '/pages/faq')

    await user.click(await screen.findByRole('button', { name: 'Згорнути меню' }, slow))

    const toggle = screen.getByRole('button', { name: 'Розгорнути меню' })
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    const menu = screen.getByRole('navigation', { name: 'Головне меню' })
    expect(within(menu).getByRole('link', { name: 'Оновлення' })).toBeTruthy()
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
