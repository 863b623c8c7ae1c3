import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { stubFetch } from '../../../test/fetch-stub'
import { renderRoutes } from '../../../test/render-routes'
import { PasswordForgotForm } from './password-forgot-form'

function renderForm() {
  renderRoutes([{ path: '/password/email', element: <PasswordForgotForm /> }], '/password/email')
}

const submit = () => screen.getByRole('button', { name: 'Надіслати лист' })

describe('PasswordForgotForm', () => {
  it('checks the e-mail with the messages of spec §5 before calling', async () => {
    const calls = stubFetch(() => ({ status: 204 }))
    const user = userEvent.setup()
    renderForm()
    await user.click(await screen.findByRole('button', { name: 'Надіслати лист' }))
    expect(await screen.findByText("Email обов'язковий!")).toBeTruthy()
    await user.type(screen.getByLabelText('Email'), 'not-an-email')
    await user.click(submit())
    expect(await screen.findByText('Необіхдно вписати існуючий email!')).toBeTruthy()
    expect(calls).toHaveLength(0)
  })

  it('asks for a letter leading back to this app and promises it only for a registered address', async () => {
    const calls = stubFetch(() => ({ status: 204 }))
    const user = userEvent.setup()
    renderForm()
    await user.type(await screen.findByLabelText('Email'), 'Olena@Example.com')
    await user.click(submit())

    const dialog = await screen.findByRole('dialog')
    expect(calls[0]?.url).toBe('/api/v2/password-forgot')
    expect(calls[0]?.body).toEqual({
      data: {
        type: 'password-resets',
        attributes: { email: 'olena@example.com', redirect_url: `${window.location.origin}/password/reset` },
      },
    })
    expect(
      within(dialog).getByText('Лист відправлено! Будь ласка, перевірте свою поштову скриньку.'),
    ).toBeTruthy()
    expect(dialog.textContent).toContain('Якщо цю адресу зареєстровано')
    expect(dialog.textContent).toContain('60 секунд')
  })

  it('names an unregistered address only for a 422 on the e-mail, otherwise a generic failure', async () => {
    const user = userEvent.setup()
    stubFetch(() => ({
      status: 422,
      body: {
        errors: [
          {
            status: '422',
            title: 'x',
            detail: 'Невідома адреса',
            source: { pointer: '/data/attributes/email' },
          },
        ],
      },
    }))
    renderForm()
    await user.type(await screen.findByLabelText('Email'), 'olena@example.com')
    await user.click(submit())
    expect(
      within(await screen.findByRole('dialog')).getByText('Ця електронна адреса не зареєстрована!'),
    ).toBeTruthy()
  })

  it('tells a server failure apart from an unknown address', async () => {
    const user = userEvent.setup()
    stubFetch(() => ({ status: 500 }))
    renderForm()
    await user.type(await screen.findByLabelText('Email'), 'olena@example.com')
    await user.click(submit())
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('Не вдалося надіслати лист')).toBeTruthy()
    expect(within(dialog).queryByText('Ця електронна адреса не зареєстрована!')).toBeNull()
  })
})
