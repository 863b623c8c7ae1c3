import { roleResourceSchema } from '@teplo/domain'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useLocation } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { setToken } from '../../../lib/auth-token'
import { type StubbedCall, stubFetch } from '../../../test/fetch-stub'
import { renderRoutes } from '../../../test/render-routes'
import {
  listDocument,
  roleResource,
  uploadResponse,
  userDocument,
  userResource,
} from '../../../test/resource-fixtures'
import { NewUserForm } from './new-user-form'

const slow = { timeout: 5000 }
const roles = listDocument(
  roleResourceSchema,
  [roleResource('1', 'admin'), roleResource('2', 'creator')],
  '/api/v2/roles',
)
const created = userDocument(userResource('42', { name: 'Олена', email: 'olena@example.com' }, ['2']))

function EditScreen() {
  const { state } = useLocation()
  return <p>edit: {(state as { pictureError?: string } | null)?.pictureError}</p>
}

function renderForm() {
  return renderRoutes(
    [
      { path: '/users/new', element: <NewUserForm /> },
      { path: '/users/list', element: <p>list</p> },
      { path: '/users/edit/:id', element: <EditScreen /> },
    ],
    '/users/new',
  )
}

type Reply = ReturnType<Parameters<typeof stubFetch>[0]>

function server(overrides: Partial<Record<string, Reply>> = {}) {
  const fetchMock = stubFetch((call: StubbedCall): Reply => {
    const key = `${call.method} ${call.url.split('?')[0]}`
    if (overrides[key]) return overrides[key]
    if (key === 'GET /api/v2/roles') return { status: 200, body: roles }
    if (key === 'POST /api/v2/users') return { status: 201, body: created }
    if (key === 'POST /api/v2/uploads/users/42/profile-image')
      return { status: 201, body: uploadResponse('/u.png') }
    return { status: 404 }
  })
  const spy = vi.mocked(fetch)
  return { calls: fetchMock, initOf: (url: string) => spy.mock.calls.find(([input]) => input === url)?.[1] }
}

async function fillForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText("Ім'я", {}, slow), 'Олена')
  await user.type(screen.getByLabelText('Email'), 'olena@example.com')
  await waitFor(() => expect(screen.getByRole('option', { name: 'Монтажник' })).toBeTruthy())
  await user.selectOptions(screen.getByLabelText('Роль'), 'Монтажник')
  await user.type(screen.getByLabelText('Пароль'), 'password-1')
  await user.type(screen.getByLabelText('Підтвердження пароля'), 'password-1')
}

const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' })

// Whole forms typed key by key: slow on a busy machine.
describe('NewUserForm', { timeout: 20_000 }, () => {
  it('creates the user with the chosen role, then uploads the picture as multipart', async () => {
    setToken('token-1')
    const { calls, initOf } = server()
    const user = userEvent.setup()
    const { router } = renderForm()

    await user.upload(await screen.findByLabelText('Фото профілю', { selector: 'input' }, slow), png())
    await fillForm(user)
    await user.click(screen.getByRole('button', { name: 'Створити' }))

    await waitFor(() => expect(router.state.location.pathname).toBe('/users/list'), slow)
    const post = calls.find((call) => call.method === 'POST' && call.url === '/api/v2/users')
    expect(post?.body).toEqual({
      data: {
        type: 'users',
        attributes: {
          name: 'Олена',
          email: 'olena@example.com',
          password: 'password-1',
          password_confirmation: 'password-1',
        },
        relationships: { roles: { data: [{ type: 'roles', id: '2' }] } },
      },
    })
    const upload = initOf('/api/v2/uploads/users/42/profile-image') ?? {}
    expect(upload.body).toBeInstanceOf(FormData)
    expect((upload.body as FormData).get('attachment')).toBeInstanceOf(File)
    expect(new Headers(upload.headers).get('authorization')).toBe('Bearer token-1')
    expect(new Headers(upload.headers).get('content-type')).toBeNull()
    expect((await screen.findByRole('alert')).textContent).toContain('Користувача додано!')
  })

  it('shows the validation messages of the schema without calling the server', async () => {
    const { calls } = server()
    const user = userEvent.setup()
    renderForm()

    await user.click(await screen.findByRole('button', { name: 'Створити' }, slow))

    expect(await screen.findByText("Введіть ім'я")).toBeTruthy()
    expect(screen.getByText('Оберіть роль')).toBeTruthy()
    expect(screen.getByText('Необхідно ввести пароль!')).toBeTruthy()
    expect(calls.some((call) => call.method === 'POST')).toBe(false)
  })

  it("puts the server's message under the e-mail input and stays on the form", async () => {
    server({
      'POST /api/v2/users': {
        status: 422,
        body: {
          errors: [
            {
              status: '422',
              title: 'Unprocessable Entity',
              detail: 'Ця пошта вже зареєстрована.',
              source: { pointer: '/data/attributes/email' },
            },
          ],
        },
      },
    })
    const user = userEvent.setup()
    const { router } = renderForm()

    await fillForm(user)
    await user.click(screen.getByRole('button', { name: 'Створити' }))

    const message = await screen.findByText('Ця пошта вже зареєстрована.', {}, slow)
    expect(screen.getByLabelText('Email').getAttribute('aria-describedby')).toBe(message.id)
    expect(router.state.location.pathname).toBe('/users/new')
  })

  it('refuses a file that is not a picture before anything is sent', async () => {
    server()
    const user = userEvent.setup({ applyAccept: false })
    renderForm()

    const input = await screen.findByLabelText('Фото профілю', { selector: 'input' }, slow)
    await user.upload(input, new File(['hi'], 'notes.txt', { type: 'text/plain' }))

    expect(screen.getByText('Файл має бути зображенням (JPEG, PNG, WebP або GIF).')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Обрати фото' })).toBeTruthy()
  })

  it("opens the new user's edit screen with the reason when the picture upload fails", async () => {
    server({
      'POST /api/v2/uploads/users/42/profile-image': {
        status: 422,
        body: {
          errors: [
            {
              status: '422',
              title: 'Unprocessable Entity',
              detail: 'Файл має бути зображенням (JPEG, PNG, WebP або GIF).',
              source: { pointer: '/data/attributes/attachment' },
            },
          ],
        },
      },
    })
    const user = userEvent.setup()
    const { router } = renderForm()

    await user.upload(await screen.findByLabelText('Фото профілю', { selector: 'input' }, slow), png())
    await fillForm(user)
    await user.click(screen.getByRole('button', { name: 'Створити' }))

    await waitFor(() => expect(router.state.location.pathname).toBe('/users/edit/42'), slow)
    expect(screen.getByText('edit: Файл має бути зображенням (JPEG, PNG, WebP або GIF).')).toBeTruthy()
  })
})
