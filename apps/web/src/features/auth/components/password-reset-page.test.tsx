import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { getToken } from '../../../lib/auth-token'
import { stubFetch } from '../../../test/fetch-stub'
import { renderRoutes } from '../../../test/render-routes'
import { tokenResponse } from '../../../test/resource-fixtures'
import { PasswordResetPage } from './password-reset-page'

function renderAt(path: string) {
  const onSuccess = vi.fn()
  const routes = [
    { path: '/password/reset', element: <PasswordResetPage onSuccess={onSuccess} /> },
    { path: '/password/email', element: <p>request page</p> },
  ]
  renderRoutes(routes, path)
  return onSuccess
}

async function setPasswords(
  user: ReturnType<typeof userEvent.setup>,
  password: string,
  confirmation: string,
) {
  await user.type(await screen.findByLabelText('Новий пароль'), password)
  await user.type(screen.getByLabelText('Підтвердження пароля'), confirmation)
  await user.click(screen.getByRole('button', { name: 'Змінити пароль' }))
}

describe('PasswordResetPage', () => {
  it('explains an incomplete link and offers a new letter', async () => {
    renderAt('/password/reset?email=olena%40example.com')
    expect(await screen.findByText('Посилання неповне')).toBeTruthy()
    expect(screen.queryByLabelText('Новий пароль')).toBeNull()
    expect(screen.getByRole('link', { name: 'Надіслати новий лист' }).getAttribute('href')).toBe(
      '/password/email',
    )
  })

  it('shows the password rules of spec §5 without calling the server', async () => {
    const calls = stubFetch(() => ({ status: 500 }))
    const user = userEvent.setup()
    renderAt('/password/reset?token=t1&email=olena%40example.com')
    await user.click(await screen.findByRole('button', { name: 'Змінити пароль' }))
    expect(await screen.findByText("Пароль обов'язковий!")).toBeTruthy()

    await setPasswords(user, 'short', 'shorter')
    expect(await screen.findByText('Пароль повинен бути більше 8 символів!')).toBeTruthy()
    expect(screen.getByText('Паролі не однакові')).toBeTruthy()
    expect(calls).toHaveLength(0)
  })

  it('sends email and token of the address with the new password, then signs in', async () => {
    const calls = stubFetch(() => ({ status: 200, body: tokenResponse('after-reset') }))
    const user = userEvent.setup()
    const onSuccess = renderAt('/password/reset?token=t1&email=olena%40example.com')
    expect(await screen.findByText('Придумайте новий пароль для olena@example.com')).toBeTruthy()
    await setPasswords(user, 'new-password', 'new-password')

    await waitFor(() => expect(onSuccess).toHaveBeenCalled())
    expect(calls[0]?.body).toEqual({
      data: {
        type: 'password-resets',
        attributes: {
          email: 'olena@example.com',
          token: 't1',
          password: 'new-password',
          password_confirmation: 'new-password',
        },
      },
    })
    expect(getToken()).toBe('after-reset')
    expect(await screen.findByText('Пароль змінений.Ви автоматично увійдете в кабінет.')).toBeTruthy()
  })

  it('shows the failure popup with the reason for a spent link and a way to ask again', async () => {
    const detail = 'Посилання для зміни пароля недійсне або застаріло.'
    stubFetch(() => ({
      status: 422,
      body: {
        errors: [{ status: '422', title: 'x', detail, source: { pointer: '/data/attributes/token' } }],
      },
    }))
    const user = userEvent.setup()
    const onSuccess = renderAt('/password/reset?token=spent&email=olena%40example.com')
    await setPasswords(user, 'new-password', 'new-password')

    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('Ой, сталась помилка!(302)')).toBeTruthy()
    expect(within(dialog).getByText(detail)).toBeTruthy()
    await user.click(within(dialog).getByRole('link', { name: 'Надіслати новий лист' }))
    expect(await screen.findByText('request page')).toBeTruthy()
    expect(onSuccess).not.toHaveBeenCalled()
    expect(getToken()).toBeNull()
  })
})
