import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { stubFetch } from '../../../test/fetch-stub'
import { renderRoutes } from '../../../test/render-routes'
import { profileDocument } from '../../../test/resource-fixtures'
import { PasswordForm } from './password-form'

const renderForm = () => renderRoutes([{ path: '/', element: <PasswordForm /> }], '/')

async function fill(current: string, password: string, confirmation: string) {
  const user = userEvent.setup()
  await user.type(await screen.findByLabelText('Поточний пароль'), current)
  await user.type(screen.getByLabelText('Новий пароль'), password)
  await user.type(screen.getByLabelText('Підтвердження нового пароля'), confirmation)
  await user.click(screen.getByRole('button', { name: 'Змінити пароль' }))
}

describe('PasswordForm', () => {
  it('checks length and confirmation before calling the server', async () => {
    const calls = stubFetch(() => ({ status: 500 }))
    renderForm()

    await fill('old-pass', 'short', 'other')

    expect(await screen.findByText('Пароль має бути не менше 8 символів!')).toBeTruthy()
    expect(screen.getByText('Паролі мають збігатися')).toBeTruthy()
    expect(calls).toHaveLength(0)
  })

  it('changes the password, says so and empties the form', async () => {
    const calls = stubFetch(() => ({ status: 200, body: profileDocument('user') }))
    renderForm()

    await fill('old-pass-1', 'new-pass-123', 'new-pass-123')

    expect((await screen.findByRole('alert')).textContent).toContain('Пароль оновлено успішно!')
    expect(calls[0]?.body).toEqual({
      data: {
        type: 'users',
        attributes: {
          current_password: 'old-pass-1',
          password: 'new-pass-123',
          password_confirmation: 'new-pass-123',
        },
      },
    })
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Поточний пароль').value).toBe(''))
  })

  it('shows the server’s refusal under the field it names', async () => {
    stubFetch(() => ({
      status: 422,
      body: {
        errors: [
          {
            status: '422',
            title: 'x',
            detail: 'Невірний поточний пароль',
            source: { pointer: '/data/attributes/current_password' },
          },
        ],
      },
    }))
    renderForm()

    await fill('not-it-123', 'new-pass-123', 'new-pass-123')

    expect(await screen.findByText('Невірний поточний пароль')).toBeTruthy()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('says the change failed when the server fails', async () => {
    stubFetch(() => ({ status: 500 }))
    renderForm()

    await fill('old-pass-1', 'new-pass-123', 'new-pass-123')

    expect((await screen.findByRole('alert')).textContent).toContain('Помилка при оновленні паролю!')
  })
})
