import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { getToken, setToken } from '../../../lib/auth-token'
import { type StubbedCall, stubFetch } from '../../../test/fetch-stub'
import { renderRoutes } from '../../../test/render-routes'
import { profileDocument } from '../../../test/resource-fixtures'
import { EmailForm } from './email-form'

function renderForm(state: { verifiedAt?: string | null; pendingEmail?: string | null } = {}) {
  const onChanged = vi.fn()
  const form = (
    <EmailForm
      email="olena@example.com"
      verifiedAt={state.verifiedAt ?? null}
      pendingEmail={state.pendingEmail ?? null}
      onChanged={onChanged}
    />
  )
  renderRoutes([{ path: '/account/settings', element: form }], '/account/settings')
  return onChanged
}

async function fillAndSubmit(password: string, email: string) {
  const user = userEvent.setup()
  await user.type(await screen.findByLabelText('Поточний пароль'), password)
  await user.type(screen.getByLabelText('Новий email'), email)
  await user.click(screen.getByRole('button', { name: 'Змінити email' }))
}

describe('EmailForm', () => {
  it('shows the current e-mail', async () => {
    renderForm()
    expect((await screen.findByLabelText<HTMLInputElement>('Поточний email')).value).toBe('olena@example.com')
  })

  it('stops at a wrong current password: no change is sent and the session stays', async () => {
    setToken('session')
    const calls = stubFetch(() => ({
      status: 401,
      body: { errors: [{ status: '401', title: 'Unauthorized', detail: 'Невірний поточний пароль' }] },
    }))
    const onChanged = renderForm()

    await fillAndSubmit('wrong-pass', 'new@example.com')

    expect(await screen.findByText('Невірний поточний пароль')).toBeTruthy()
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual(['POST /api/v2/auth/check-password'])
    expect(calls[0]?.body).toEqual({
      data: { type: 'password-checks', attributes: { password: 'wrong-pass' } },
    })
    expect(getToken()).toBe('session')
    expect(onChanged).not.toHaveBeenCalled()
  })

  it('says an unproven address unlocks invitations once confirmed, and re-sends the link', async () => {
    const calls = stubFetch(() => ({ status: 204 }))
    const onChanged = renderForm()
    expect((await screen.findByText(/Адресу не підтверджено/)).textContent).toContain('запрошення до котлів')
    await userEvent.setup().click(screen.getByRole('button', { name: 'Надіслати лист ще раз' }))
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Лист із посиланням для підтвердження надіслано на olena@example.com',
    )
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual(['POST /api/v2/me/email-verification'])
    expect(onChanged).toHaveBeenCalled()
  })

  it('shows a proven address and a new one waiting for its link', async () => {
    renderForm({ verifiedAt: '2026-11-27 08:00:00', pendingEmail: 'next@example.com' })
    expect(await screen.findByText('Адресу підтверджено')).toBeTruthy()
    expect(screen.getByText(/Очікує підтвердження: next@example.com/)).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Надіслати лист ще раз' })).toBeNull()
  })

  it('checks the password, then asks for the change and says where the link went', async () => {
    const calls = stubFetch((call: StubbedCall) =>
      call.url.endsWith('check-password')
        ? { status: 204 }
        : { status: 200, body: profileDocument('user', { pending_email: 'new@example.com' }) },
    )
    const onChanged = renderForm()

    await fillAndSubmit('right-pass', 'New@Example.com')

    expect((await screen.findByRole('alert')).textContent).toContain(
      'Лист із посиланням надіслано на new@example.com. Адреса зміниться, коли ви його відкриєте.',
    )
    expect(calls[1]?.method).toBe('PATCH')
    expect(calls[1]?.url).toBe('/api/v2/me')
    expect(calls[1]?.body).toEqual({
      data: { type: 'users', attributes: { email: 'new@example.com', current_password: 'right-pass' } },
    })
    expect(onChanged).toHaveBeenCalled()
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Новий email').value).toBe(''))
  })

  it('puts a taken e-mail under the field and other failures in a notice', async () => {
    let patch: { status: number; body?: unknown } = {
      status: 422,
      body: {
        errors: [
          {
            status: '422',
            title: 'x',
            detail: 'Ця пошта вже зареєстрована.',
            source: { pointer: '/data/attributes/email' },
          },
        ],
      },
    }
    stubFetch((call) => (call.url.endsWith('check-password') ? { status: 204 } : patch))
    renderForm()

    await fillAndSubmit('right-pass', 'taken@example.com')
    expect(await screen.findByText('Ця пошта вже зареєстрована.')).toBeTruthy()

    patch = { status: 500 }
    await userEvent.setup().click(screen.getByRole('button', { name: 'Змінити email' }))
    expect((await screen.findByRole('alert')).textContent).toContain('Помилка при оновленні email!')
  })
})
