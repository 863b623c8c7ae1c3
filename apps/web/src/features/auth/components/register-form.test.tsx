import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { getToken } from '../../../lib/auth-token'
import { stubFetch } from '../../../test/fetch-stub'
import { renderRoutes } from '../../../test/render-routes'
import { tokenResponse } from '../../../test/resource-fixtures'
import { RegisterForm } from './register-form'

function renderRegister() {
  const onSuccess = vi.fn()
  renderRoutes([{ path: '/register', element: <RegisterForm onSuccess={onSuccess} /> }], '/register')
  return onSuccess
}

async function fillAccount(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Логін'), 'Олена')
  await user.type(screen.getByLabelText('Email'), 'olena@example.com')
  await user.type(screen.getByLabelText('Пароль'), 'password1')
  await user.type(screen.getByLabelText('Підтвердження пароля'), 'password1')
}

const terms = () => screen.getByRole<HTMLInputElement>('checkbox', { name: /^Я приймаю Правила та умови/ })
const submit = () => screen.getByRole('button', { name: 'Зареєструватися' })

describe('RegisterForm', () => {
  it('starts with the terms unchecked and links back to the login', async () => {
    renderRegister()
    expect((await screen.findByRole<HTMLInputElement>('checkbox')).checked).toBe(false)
    expect(screen.getByRole('link', { name: 'Увійти' }).getAttribute('href')).toBe('/login')
  })

  it('links the terms, opening them in a new tab so the form keeps what was typed', async () => {
    renderRegister()
    const link = await screen.findByRole('link', { name: 'Правила та умови (відкриється в новій вкладці)' })
    expect(link.getAttribute('href')).toBe('/terms')
    expect(link.getAttribute('target')).toBe('_blank')
  })

  it('shows the terms error inline and makes no call while the terms are unchecked', async () => {
    const calls = stubFetch(() => ({ status: 200, body: tokenResponse('never') }))
    const user = userEvent.setup()
    const onSuccess = renderRegister()
    await fillAccount(user)
    await user.click(submit())

    expect(await screen.findByText('Будь ласка, прийміть Правила та умови!')).toBeTruthy()
    expect(terms().getAttribute('aria-invalid')).toBe('true')
    expect(calls).toHaveLength(0)
    expect(onSuccess).not.toHaveBeenCalled()
  })

  it('shows the register rules of spec §5 under their fields', async () => {
    stubFetch(() => ({ status: 500 }))
    const user = userEvent.setup()
    renderRegister()
    await user.type(await screen.findByLabelText('Пароль'), 'short')
    await user.type(screen.getByLabelText('Підтвердження пароля'), 'other')
    await user.click(submit())

    expect(await screen.findByText('Введіть логін!')).toBeTruthy()
    expect(screen.getByText("Email обов'язковий!")).toBeTruthy()
    expect(screen.getByText('Пароль має бути не менше 8 символів!')).toBeTruthy()
    expect(screen.getByText('Паролі мають збігатися')).toBeTruthy()
  })

  it('registers without the terms field, stores the token, says so and reports success', async () => {
    const calls = stubFetch(() => ({ status: 200, body: tokenResponse('new-account') }))
    const user = userEvent.setup()
    const onSuccess = renderRegister()
    await fillAccount(user)
    await user.click(terms())
    await user.click(submit())

    await waitFor(() => expect(onSuccess).toHaveBeenCalled())
    expect(calls[0]?.url).toBe('/api/v2/register')
    expect(calls[0]?.body).toEqual({
      name: 'Олена',
      email: 'olena@example.com',
      password: 'password1',
      password_confirmation: 'password1',
      // The account starts in the language the browser is showing.
      language: 'uk',
    })
    expect(getToken()).toBe('new-account')
    expect(await screen.findByText('Успішно зареєстровано! Ви автоматично ввійшли в систему.')).toBeTruthy()
  })

  it('puts a taken e-mail under its field and in the red toast', async () => {
    stubFetch(() => ({
      status: 422,
      body: {
        errors: [
          {
            status: '422',
            title: 'Unprocessable',
            detail: 'Ця пошта вже зареєстрована.',
            source: { pointer: '/data/attributes/email' },
          },
        ],
      },
    }))
    const user = userEvent.setup()
    const onSuccess = renderRegister()
    await fillAccount(user)
    await user.click(terms())
    await user.click(submit())

    await waitFor(() => expect(screen.getAllByText('Ця пошта вже зареєстрована.')).toHaveLength(2))
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true')
    expect(getToken()).toBeNull()
    expect(onSuccess).not.toHaveBeenCalled()
  })
})
