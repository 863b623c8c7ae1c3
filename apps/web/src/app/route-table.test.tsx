import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { getToken, setToken } from '../lib/auth-token'
import { stubFetch } from '../test/fetch-stub'
import { renderRoutes } from '../test/render-routes'
import { profileDocument } from '../test/resource-fixtures'
import { routes } from './route-table'

// Lazy screens are compiled on first use in tests, so allow for that.
const slow = { timeout: 5000 }

function signedInAs(role: string) {
  setToken('token-1')
  return stubFetch((call) =>
    call.url.startsWith('/api/v2/me') ? { status: 200, body: profileDocument(role) } : { status: 404 },
  )
}

const heading = (name: string) => screen.findByRole('heading', { level: 1, name }, slow)

describe('route guards', () => {
  it('sends a signed-out visitor from / to the login screen', async () => {
    const { router } = renderRoutes(routes, '/')
    expect(await heading('Вхід')).toBeTruthy()
    expect(router.state.location.pathname).toBe('/login')
  })

  it('ends the session and goes to login when the profile cannot be loaded', async () => {
    setToken('expired')
    stubFetch(() => ({ status: 401, body: { errors: [] } }))
    const { router } = renderRoutes(routes, '/dashboards')

    expect(await heading('Вхід')).toBeTruthy()
    expect(router.state.location.pathname).toBe('/login')
    expect(getToken()).toBeNull()
  })

  it('treats an unreachable server during profile load as a failed load', async () => {
    setToken('token-1')
    stubFetch(() => new TypeError('Failed to fetch'))
    const { router } = renderRoutes(routes, '/update')

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), slow)
    expect(getToken()).toBeNull()
  })

  it('sends a plain user away from admin-only pages to /dashboards', async () => {
    signedInAs('user')
    const { router } = renderRoutes(routes, '/users/list')
    expect(await heading('Головна')).toBeTruthy()
    expect(router.state.location.pathname).toBe('/dashboards')
  })

  it('lets a creator into the device pages', async () => {
    signedInAs('creator')
    renderRoutes(routes, '/items')
    expect(await heading('Підключені пристрої')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Додати пристрій' }).getAttribute('href')).toBe('/items/new')
  })

  it('opens /users as the user list for an admin', async () => {
    signedInAs('admin')
    const { router } = renderRoutes(routes, '/users')
    expect(await heading('Користувачі')).toBeTruthy()
    expect(router.state.location.pathname).toBe('/users/list')
  })

  it('lets any signed-in user see device errors', async () => {
    signedInAs('user')
    renderRoutes(routes, '/items/errors')
    expect(await heading('Помилки пристроїв')).toBeTruthy()
  })

  it('sends a signed-in user away from the login screen', async () => {
    signedInAs('user')
    const { router } = renderRoutes(routes, '/login')
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboards'), slow)
  })

  it('shows a 404 page with a way home for unknown addresses', async () => {
    renderRoutes(routes, '/no/such/page')
    expect(await heading('Сторінку не знайдено')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'На головну' }).getAttribute('href')).toBe('/')
  })

  it('shows template sign-in screens without signing in, with the version label', async () => {
    renderRoutes(routes, '/authentication/signin/cover')
    expect(await heading('Вхід')).toBeTruthy()
    expect(screen.getByText('Teplo · Версія 1.0.0')).toBeTruthy()
  })

  it('sends a signed-out visitor from the lock screen and the profile page to login', async () => {
    const lock = renderRoutes(routes, '/authentication/lock/basic')
    await waitFor(() => expect(lock.router.state.location.pathname).toBe('/login'), slow)
    const profile = renderRoutes(routes, '/pages/profile/teams')
    await waitFor(() => expect(profile.router.state.location.pathname).toBe('/login'), slow)
  })
})
