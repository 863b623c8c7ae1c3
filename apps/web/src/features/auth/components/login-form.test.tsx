import { DEMO_ADMIN } from '@teplo/domain'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { getToken } from '../../../lib/auth-token'
import { setLanguage } from '../../../lib/i18n'
import { stubFetch } from '../../../test/fetch-stub'
import { renderRoutes } from '../../../test/render-routes'
import { tokenResponse } from '../../../test/resource-fixtures'
import { LoginForm } from './login-form'

function renderLogin(onSuccess = vi.fn()) {
  renderRoutes([{ path: '/login', element: <LoginForm onSuccess={onSuccess} /> }], '/login')
  return onSuccess
}

const emailInput = () => screen.getByLabelText<HTMLInputElement>('Email')
const passwordInput = () => screen.getByLabelText<HTMLInputElement>('Пароль')
const submitButton = () => screen.getByRole('button', { name: 'Увійти' })

const demoLogins = (accounts: { role: string; email: string; password: string }[]) => ({
  status: 200,
  body: { data: { type: 'demo-logins', id: '1', attributes: { demo: accounts.length > 0, accounts } } },
})
const DEMO = demoLogins([{ role: 'admin', email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }])

describe('LoginForm', () => {
  it('is prefilled with the demo administrator while the installation is a demo, and remembers the user', async () => {
    stubFetch((call) => (call.url === '/api/v2/demo-logins' ? DEMO : { status: 500 }))
    renderLogin()
    await waitFor(() => expect(emailInput().value).toBe(DEMO_ADMIN.email))
    expect(passwordInput().value).toBe(DEMO_ADMIN.password)
    expect(screen.getByLabelText<HTMLInputElement>("Запам'ятати мене").checked).toBe(true)
    expect(screen.getByRole('link', { name: 'Зареєструватися' }).getAttribute('href')).toBe('/register')
    expect(screen.getByRole('link', { name: 'Забули пароль?' }).getAttribute('href')).toBe('/password/email')
  })

  it('does not prefill a form the user has already entered, so a late answer cannot mix into the typing', async () => {
    let answer: (response: Response) => void = () => {}
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    )
    renderLogin()
    await waitFor(() => expect(fetch).toHaveBeenCalled())
    // As a browser does before typing: the field is focused and its (empty) text selected.
    act(() => {
      emailInput().focus()
      emailInput().select()
    })
    await act(async () => {
      answer(
        new Response(JSON.stringify(DEMO.body), {
          status: 200,
          headers: { 'Content-Type': 'application/vnd.api+json' },
        }),
      )
      await new Promise((resolve) => setTimeout(resolve, 50))
    })
    expect(emailInput().value).toBe('')
    expect(passwordInput().value).toBe('')
    await userEvent.setup().type(emailInput(), 'user@teplo.demo')
    expect(emailInput().value).toBe('user@teplo.demo')
  })

  it('starts empty on a real installation, where no demo account signs in', async () => {
    const calls = stubFetch((call) => (call.url === '/api/v2/demo-logins' ? demoLogins([]) : { status: 500 }))
    renderLogin()
    await waitFor(() => expect(calls.some((call) => call.url === '/api/v2/demo-logins')).toBe(true))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(emailInput().value).toBe('')
    expect(passwordInput().value).toBe('')
  })

  it('says when to try again after too many attempts', async () => {
    stubFetch((call) =>
      call.url === '/api/v2/demo-logins'
        ? DEMO
        : {
            status: 429,
            body: { errors: [{ status: '429', title: 'Too Many Requests', detail: 'x' }] },
            headers: { 'Retry-After': '42' },
          },
    )
    const user = userEvent.setup()
    renderLogin()
    await waitFor(() => expect(emailInput().value).toBe(DEMO_ADMIN.email))
    await user.click(submitButton())
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('Забагато спроб входу')).toBeTruthy()
    expect(within(dialog).getByText('Спробуйте знову через 42 с.')).toBeTruthy()
  })

  it('shows the validation messages under empty fields and sends nothing', async () => {
    const calls = stubFetch(() => ({ status: 500 }))
    const user = userEvent.setup()
    renderLogin()

    await user.clear(await screen.findByLabelText('Email'))
    await user.clear(passwordInput())
    await user.click(submitButton())

    expect(await screen.findByText("Email обов'язковий!")).toBeTruthy()
    expect(screen.getByText('Необхідно ввести пароль!')).toBeTruthy()
    expect(emailInput().getAttribute('aria-invalid')).toBe('true')
    expect(calls.filter((call) => call.url === '/api/v2/login')).toHaveLength(0)
  })

  it('rejects a malformed e-mail', async () => {
    stubFetch(() => ({ status: 500 }))
    const user = userEvent.setup()
    renderLogin()

    await user.clear(await screen.findByLabelText('Email'))
    await user.type(emailInput(), 'not-an-email')
    await user.click(submitButton())

    expect(await screen.findByText('Має бути дійсний email!')).toBeTruthy()
  })

  it("shows the domain's validation messages in English on an English screen", async () => {
    await setLanguage('en')
    stubFetch(() => ({ status: 500 }))
    const user = userEvent.setup()
    renderLogin()

    await user.clear(await screen.findByLabelText('Email'))
    await user.clear(screen.getByLabelText('Password'))
    await user.click(screen.getByRole('button', { name: 'Sign in' }))

    expect(await screen.findByText('Email is required!')).toBeTruthy()
    expect(screen.getByText('Please enter your password!')).toBeTruthy()
  })

  it('shows the "Невірні дані!" popup when the server refuses the credentials, then is usable again', async () => {
    const calls = stubFetch((call) =>
      call.url === '/api/v2/demo-logins'
        ? DEMO
        : {
            status: 401,
            body: { errors: [{ status: '401', title: 'Unauthorized', detail: 'Invalid credentials' }] },
          },
    )
    const user = userEvent.setup()
    const onSuccess = renderLogin()
    await waitFor(() => expect(emailInput().value).toBe(DEMO_ADMIN.email))

    await user.click(await screen.findByRole('button', { name: 'Увійти' }))

    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('Невірні дані!')).toBeTruthy()
    const login = calls.find((call) => call.url === '/api/v2/login')
    expect(login?.body).toEqual({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password, remember: true })
    expect(getToken()).toBeNull()
    expect(onSuccess).not.toHaveBeenCalled()

    await user.click(within(dialog).getByRole('button', { name: 'Зрозуміло' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(submitButton().hasAttribute('disabled')).toBe(false)
  })

  it('disables the button while signing in, then stores the token and reports success', async () => {
    let release: () => void = () => {}
    const answered = new Promise<void>((resolve) => {
      release = resolve
    })
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        await answered
        return new Response(JSON.stringify(tokenResponse('fresh')))
      }),
    )
    const user = userEvent.setup()
    const onSuccess = renderLogin()

    await user.type(await screen.findByLabelText('Email'), 'olena@example.com')
    await user.type(passwordInput(), 'correct-horse')
    await user.click(submitButton())
    await waitFor(() => expect(submitButton().hasAttribute('disabled')).toBe(true))

    release()
    await waitFor(() => expect(onSuccess).toHaveBeenCalled())
    expect(getToken()).toBe('fresh')
  })
})
