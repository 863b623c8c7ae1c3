import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { setToken } from '../../../lib/auth-token'
import { stubFetch } from '../../../test/fetch-stub'
import { renderRoutes } from '../../../test/render-routes'
import { helpRequestDocument } from '../../../test/resource-fixtures'
import { HelpRequestDialog } from './help-request-dialog'

const slow = { timeout: 4000 }

function openDialog(onClose: () => void = () => {}) {
  renderRoutes([{ path: '/', element: <HelpRequestDialog open onClose={onClose} /> }], '/')
}

const posts = (calls: ReturnType<typeof stubFetch>) => calls.filter((call) => call.method === 'POST')

describe('HelpRequestDialog', () => {
  it('asks for a name and a problem that are not blank after trimming, without calling the server', async () => {
    setToken('token-1')
    const calls = stubFetch(() => ({ status: 201, body: helpRequestDocument('1', 'Іван', 'Не гріє') }))
    const user = userEvent.setup()
    openDialog()

    expect(await screen.findByRole('dialog', { name: 'Потрібна допомога?' }, slow)).toBeTruthy()
    await user.type(screen.getByRole('textbox', { name: "Ім'я" }), '   ')
    await user.type(screen.getByRole('textbox', { name: 'Опишіть проблему' }), '  ')
    await user.click(screen.getByRole('button', { name: 'Відправити' }))

    expect(await screen.findByText("Будь ласка, введіть ваше ім'я")).toBeTruthy()
    expect(screen.getByText('Будь ласка, опишіть проблему')).toBeTruthy()
    expect(posts(calls)).toHaveLength(0)
  })

  it('sends the trimmed request, thanks the user and closes', async () => {
    setToken('token-1')
    const calls = stubFetch(() => ({
      status: 201,
      body: helpRequestDocument('1', 'Іван', 'Котел не запускається, помилка E1'),
    }))
    const onClose = vi.fn()
    const user = userEvent.setup()
    openDialog(onClose)

    await user.type(await screen.findByRole('textbox', { name: "Ім'я" }, slow), ' Іван ')
    await user.type(
      screen.getByRole('textbox', { name: 'Опишіть проблему' }),
      'Котел не запускається, помилка E1',
    )
    await user.click(screen.getByRole('button', { name: 'Відправити' }))

    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(posts(calls)[0]).toMatchObject({
      url: '/api/v2/help-requests',
      body: {
        data: {
          type: 'help-requests',
          attributes: { name: 'Іван', problem: 'Котел не запускається, помилка E1' },
        },
      },
    })
    const toast = await screen.findByText(/Ваш запит успішно відправлено!/, {}, slow)
    expect(toast.textContent).toBe("Ваш запит успішно відправлено! Ми зв'яжемося з вами найближчим часом.")
  })

  it('says the request failed and keeps what was typed', async () => {
    setToken('token-1')
    stubFetch(() => ({ status: 503, body: { errors: [] } }))
    const onClose = vi.fn()
    const user = userEvent.setup()
    openDialog(onClose)

    await user.type(await screen.findByRole('textbox', { name: "Ім'я" }, slow), 'Іван')
    await user.type(screen.getByRole('textbox', { name: 'Опишіть проблему' }), 'Не гріє')
    await user.click(screen.getByRole('button', { name: 'Відправити' }))

    expect(await screen.findByText('Помилка при відправці запиту. Спробуйте пізніше.', {}, slow)).toBeTruthy()
    expect(onClose).not.toHaveBeenCalled()
    expect((screen.getByRole('textbox', { name: 'Опишіть проблему' }) as HTMLTextAreaElement).value).toBe(
      'Не гріє',
    )
  })

  it('asks a visitor who is not signed in to sign in first', async () => {
    const calls = stubFetch(() => ({ status: 401 }))
    openDialog()

    expect(await screen.findByText(/Щоб надіслати запит, увійдіть/, {}, slow)).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Увійти' }).getAttribute('href')).toBe('/login')
    expect(screen.queryByRole('button', { name: 'Відправити' })).toBeNull()
    expect(calls).toHaveLength(0)
  })
})
