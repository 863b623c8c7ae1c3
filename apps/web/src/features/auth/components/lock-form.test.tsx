import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { getToken, setToken } from '../../../lib/auth-token'
import { stubFetch } from '../../../test/fetch-stub'
import { renderRoutes } from '../../../test/render-routes'
import { profileDocument } from '../../../test/resource-fixtures'
import { LockForm } from './lock-form'

function renderLock(rightPassword: string) {
  setToken('session')
  const calls = stubFetch((call) => {
    if (call.url.startsWith('/api/v2/me')) return { status: 200, body: profileDocument('user') }
    const { password } = (call.body as { data: { attributes: { password: string } } }).data.attributes
    return password === rightPassword
      ? { status: 204 }
      : { status: 401, body: { errors: [{ status: '401', title: 'Unauthorized', detail: 'wrong' }] } }
  })
  const onUnlock = vi.fn()
  renderRoutes([{ path: '/', element: <LockForm onUnlock={onUnlock} /> }], '/')
  return { calls, onUnlock }
}

describe('LockForm', () => {
  it("shows the signed-in user's name and unlocks only with the right password", async () => {
    const user = userEvent.setup()
    const { calls, onUnlock } = renderLock('right-password')
    expect(await screen.findByRole('heading', { name: 'Олена' })).toBeTruthy()

    await user.type(screen.getByLabelText('Пароль'), 'wrong-password')
    await user.click(screen.getByRole('button', { name: 'Розблокувати' }))
    expect(await screen.findByText('Невірний пароль')).toBeTruthy()
    expect(onUnlock).not.toHaveBeenCalled()
    // A wrong password is not an ended session.
    expect(getToken()).toBe('session')

    await user.clear(screen.getByLabelText('Пароль'))
    await user.type(screen.getByLabelText('Пароль'), 'right-password')
    await user.click(screen.getByRole('button', { name: 'Розблокувати' }))
    await waitFor(() => expect(onUnlock).toHaveBeenCalled())
    const check = calls.filter((call) => call.url === '/api/v2/auth/check-password')
    expect(check.map((call) => call.body)).toEqual([
      { data: { type: 'password-checks', attributes: { password: 'wrong-password' } } },
      { data: { type: 'password-checks', attributes: { password: 'right-password' } } },
    ])
    expect(check[0]?.headers.authorization).toBe('Bearer session')
  })

  it('asks for the password before calling', async () => {
    const user = userEvent.setup()
    const { calls } = renderLock('x')
    await user.click(await screen.findByRole('button', { name: 'Розблокувати' }))
    expect(await screen.findByText('Необхідно ввести пароль!')).toBeTruthy()
    expect(calls.some((call) => call.url.includes('check-password'))).toBe(false)
  })
})
