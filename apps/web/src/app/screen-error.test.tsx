import { screen } from '@testing-library/react'
import { expect, it, vi } from 'vitest'
import { setToken } from '../lib/auth-token'
import { stubFetch } from '../test/fetch-stub'
import { renderRoutes } from '../test/render-routes'
import { profileDocument } from '../test/resource-fixtures'
import { routes } from './route-table'

// The help screen's chunk cannot be fetched, as when the server has stopped.
vi.mock('./routes/faq', () => {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/faq.js')
})

it('a screen whose chunk cannot be loaded is tried again, then says so inside the shell', async () => {
  setToken('token-1')
  stubFetch((call) =>
    call.url.startsWith('/api/v2/me') ? { status: 200, body: profileDocument('user') } : { status: 404 },
  )
  renderRoutes(routes, '/pages/faq')

  const failure = await screen.findByRole('alert', {}, { timeout: 8000 })
  expect(failure.textContent).toContain('Не вдалося відкрити сторінку')
  expect(failure.textContent).toContain("Перевірте з'єднання з інтернетом і оновіть сторінку.")
  expect(screen.getByRole('button', { name: 'Оновити сторінку' })).toBeTruthy()
  // Menu and header stay.
  expect(screen.getByRole('navigation', { name: 'Головне меню' })).toBeTruthy()
  expect(screen.getByRole('link', { name: 'Налаштування акаунта' })).toBeTruthy()
}, 15_000)
