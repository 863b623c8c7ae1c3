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
      { path: '/login', element: <h1>Вхід</h1> },
    ],
    '/account/settings',
  )
}

// What the server answers a wrong current password.
const wrongPassword = {
  status: 422,
  body: {
    errors: [
      {
        status: '422',
        title: 'Unprocessable Entity',
        detail: 'Невірний поточний пароль',
        source: { pointer: '/data/attributes/current_password' },
      },
    ],
  },
}

describe('DeleteAccountSection', () => {
  it('asks for the password, deletes the account, signs out and ends on the sign-in page with a message', async () => {
    setToken('session')
    const calls = stubFetch(() => ({ status: 204 }))
    const user = userEvent.setup()
    const { router } = renderSection()

    await user.click(await screen.findByRole('button', { name: 'Видалити акаунт' }))
    expect(calls).toHaveLength(0)
    await user.click(await screen.findByRole('button', { name: 'Видалити назавжди' }))
    expect(await screen.findByText('Введіть пароль')).toBeTruthy()
    expect(calls).toHaveLength(0)

    await user.type(screen.getByLabelText('Поточний пароль'), 'my-password')
    await user.click(screen.getByRole('button', { name: 'Видалити назавжди' }))

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual(['DELETE /api/v2/me'])
    // The server checks the password with the deletion itself.
    expect(calls[0]?.body).toEqual({
      data: { type: 'users', attributes: { current_password: 'my-password' } },
    })
    expect(getToken()).toBeNull()
    expect(sessionStorage.getItem('teplo.account-deleted')).toBe('1')
  })

  it("shows the server's refusal of a wrong password under the field and stays signed in", async () => {
    setToken('session')
    const calls = stubFetch(() => wrongPassword)
    const user = userEvent.setup()
    const { router } = renderSection()

    await user.click(await screen.findByRole('button', { name: 'Видалити акаунт' }))
    await user.type(await screen.findByLabelText('Поточний пароль'), 'guess')
    await user.click(screen.getByRole('button', { name: 'Видалити назавжди' }))

    expect(await screen.findByText('Невірний поточний пароль')).toBeTruthy()
    expect(calls.map((call) => call.method)).toEqual(['DELETE'])
    expect(screen.getByRole('dialog', { name: 'Видалити акаунт?' })).toBeTruthy()
    expect(router.state.location.pathname).toBe('/account/settings')
    expect(getToken()).toBe('session')
  })

  it('keeps the session and says so when deletion fails', async () => {
    setToken('session')
    stubFetch(() => ({ status: 500 }))
    const user = userEvent.setup()
    const { router } = renderSection()

    await user.click(await screen.findByRole('button', { name: 'Видалити акаунт' }))
    await user.type(await screen.findByLabelText('Поточний пароль'), 'my-password')
    await user.click(screen.getByRole('button', { name: 'Видалити назавжди' }))

    expect((await screen.findByRole('alert')).textContent).toContain('Не вдалося видалити профіль')
    expect(router.state.location.pathname).toBe('/account/settings')
    expect(getToken()).toBe('session')
  })
})
