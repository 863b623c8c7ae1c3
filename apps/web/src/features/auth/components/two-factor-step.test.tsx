import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { getToken } from '../../../lib/auth-token'
import { stubFetch } from '../../../test/fetch-stub'
import { renderRoutes } from '../../../test/render-routes'
import { tokenResponse } from '../../../test/resource-fixtures'
import { LoginForm } from './login-form'

const challenge = {
  status: 200,
  body: { meta: { two_factor: 'totp', methods: ['totp'], challenge_token: 'challenge-1', expires_in: 300 } },
}
const noDemo = {
  status: 200,
  body: { data: { type: 'demo-logins', id: '1', attributes: { demo: false, accounts: [] } } },
}
const wrongCode = {
  status: 422,
  body: {
    errors: [
      {
        status: '422',
        title: 'Unprocessable Entity',
        detail: 'Невірний код. Перевірте час на телефоні й спробуйте ще раз.',
        source: { pointer: '/data/attributes/code' },
      },
    ],
  },
}

async function signInWithPassword() {
  const onSuccess = vi.fn()
  renderRoutes([{ path: '/login', element: <LoginForm onSuccess={onSuccess} /> }], '/login')
  const user = userEvent.setup()
  await user.type(await screen.findByLabelText('Email'), 'olena@example.com')
  await user.type(screen.getByLabelText('Пароль'), 'correct-horse')
  await user.click(screen.getByRole('button', { name: 'Увійти' }))
  return { onSuccess, user }
}

describe('signing in with two-factor sign-in on', () => {
  it('asks for the code after the password, says a wrong one under the field, and signs in with the right one', async () => {
    let codes = 0
    const calls = stubFetch((call) => {
      if (call.url === '/api/v2/demo-logins') return noDemo
      if (call.url === '/api/v2/login') return challenge
      return ++codes === 1 ? wrongCode : { status: 200, body: tokenResponse('second-factor') }
    })
    const { onSuccess, user } = await signInWithPassword()
    const code = await screen.findByLabelText('Код підтвердження')
    // No session yet: the password alone gave none.
    expect(getToken()).toBeNull()
    expect(onSuccess).not.toHaveBeenCalled()

    await user.type(code, '123456')
    await user.click(screen.getByRole('button', { name: 'Підтвердити' }))
    expect(
      await screen.findByText('Невірний код. Перевірте час на телефоні й спробуйте ще раз.'),
    ).toBeTruthy()
    expect(code.getAttribute('aria-invalid')).toBe('true')

    await user.clear(code)
    await user.type(code, 'abcde-fghjk')
    await user.click(screen.getByRole('button', { name: 'Підтвердити' }))
    await waitFor(() => expect(onSuccess).toHaveBeenCalled())
    expect(getToken()).toBe('second-factor')
    const sent = calls.filter((call) => call.url === '/api/v2/login/two-factor').map((call) => call.body)
    expect(sent).toEqual([
      { challenge_token: 'challenge-1', code: '123456' },
      { challenge_token: 'challenge-1', code: 'abcde-fghjk' },
    ])
  })

  it('goes back to the password when the challenge is over', async () => {
    stubFetch((call) => {
      if (call.url === '/api/v2/demo-logins') return noDemo
      if (call.url === '/api/v2/login') return challenge
      return {
        status: 401,
        body: { errors: [{ status: '401', title: 'Unauthorized', detail: 'Час минув' }] },
      }
    })
    const { user } = await signInWithPassword()
    await user.type(await screen.findByLabelText('Код підтвердження'), '123456')
    await user.click(screen.getByRole('button', { name: 'Підтвердити' }))
    expect(await screen.findByText('Час на підтвердження входу минув. Увійдіть знову.')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Увійти' })).toBeTruthy()
    expect(getToken()).toBeNull()
  })
})
