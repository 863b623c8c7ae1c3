import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { getToken, setToken } from '../../../lib/auth-token'
import { stubFetch } from '../../../test/fetch-stub'
import { renderRoutes } from '../../../test/render-routes'
import { DeleteAccountSection } from './delete-account-section'

function renderSection() {
  return renderRoutes(
    [
      { path: '/account/settings', element: <DeleteAccountSection /> },
      { path: '/authentication/signin/basic', element: <h1>Sign in</h1> },
    ],
    '/account/settings',
  )
}

describe('DeleteAccountSection', { timeout: 15_000 }, () => {
  it('deletes the account after confirmation, signs out and opens the sign-in page', async () => {
    setToken('session')
    const calls = stubFetch(() => ({ status: 204 }))
    const user = userEvent.setup()
    const { router } = renderSection()

    await user.click(await screen.findByRole('button', { name: 'Видалити акаунт' }))
    expect(calls).toHaveLength(0)
    await user.click(await screen.findByRole('button', { name: 'Так, видалити' }))

    await waitFor(() => expect(router.state.location.pathname).toBe('/authentication/signin/basic'))
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual(['DELETE /api/v2/me'])
    await waitFor(() => expect(getToken()).toBeNull())
  })

  it('keeps the session and says so when deletion fails', async () => {
    setToken('session')
    stubFetch(() => ({ status: 500 }))
    const user = userEvent.setup()
    const { router } = renderSection()

    await user.click(await screen.findByRole('button', { name: 'Видалити акаунт' }))
    await user.click(await screen.findByRole('button', { name: 'Так, видалити' }))

    expect((await screen.findByRole('alert')).textContent).toContain('Не вдалося видалити профіль')
    expect(router.state.location.pathname).toBe('/account/settings')
    expect(getToken()).toBe('session')
  })
})
