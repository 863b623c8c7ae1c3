import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { setToken } from '../../../lib/auth-token'
import { type StubbedCall, stubFetch } from '../../../test/fetch-stub'
import { renderRoutes } from '../../../test/render-routes'
import { ApiTokensSection } from './api-tokens-section'

const SECRET = 'teplo_pat_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789ab'

const tokenResource = (id: string, name: string) => ({
  type: 'api-tokens',
  id,
  attributes: {
    name,
    prefix: 'teplo_pat_AbCd…',
    scopes: ['read', 'control'],
    item_ids: null,
    expires_at: null,
    created_at: '2026-11-28 10:00:00',
    last_used_at: '2026-11-28 10:05:00',
    last_address: '203.0.113.7',
  },
  links: { self: `/api/v2/me/api-tokens/${id}` },
})

const path = (call: StubbedCall) => `${call.method} ${call.url.split('?')[0]}`

function server(tokens: ReturnType<typeof tokenResource>[]) {
  return stubFetch((call) => {
    switch (path(call)) {
      case 'GET /api/v2/me/api-tokens':
        return { status: 200, body: { data: tokens, meta: { total: tokens.length } } }
      case 'GET /api/v2/items':
        return {
          status: 200,
          body: {
            data: [],
            meta: { page: { currentPage: 1, from: 0, to: 0, perPage: 100, lastPage: 1, total: 0 } },
            links: { first: '/api/v2/items', last: '/api/v2/items' },
          },
        }
      case 'POST /api/v2/me/api-tokens':
        tokens.push(tokenResource('2', 'Home Assistant'))
        return { status: 201, body: { data: tokenResource('2', 'Home Assistant'), meta: { token: SECRET } } }
      case 'DELETE /api/v2/me/api-tokens/1':
        tokens.splice(0, 1)
        return { status: 204 }
      default:
        return { status: 404 }
    }
  })
}

const renderSection = () =>
  renderRoutes([{ path: '/account/settings', element: <ApiTokensSection /> }], '/account/settings')

describe('ApiTokensSection', () => {
  it('makes a control token with the password and shows its secret once', async () => {
    setToken('session')
    const calls = server([])
    const user = userEvent.setup()
    renderSection()

    expect(await screen.findByText('Токенів поки немає.')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Створити токен' }))
    const dialog = await screen.findByRole('dialog', { name: 'Новий API-токен' })
    await user.click(within(dialog).getByRole('button', { name: 'Створити' }))
    // Nothing is sent without a name and the password.
    expect(await within(dialog).findByText('Назвіть токен')).toBeTruthy()
    expect(within(dialog).getByText('Введіть поточний пароль')).toBeTruthy()
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0)

    await user.type(within(dialog).getByLabelText('Назва'), 'Home Assistant')
    await user.click(within(dialog).getByLabelText('Читання й керування'))
    await user.type(within(dialog).getByLabelText('Поточний пароль'), 'my-password')
    await user.click(within(dialog).getByRole('button', { name: 'Створити' }))

    const shown = await screen.findByRole('dialog', { name: 'Токен створено' })
    expect((within(shown).getByTestId('api-token-secret') as HTMLInputElement).value).toBe(SECRET)
    const post = calls.find((call) => call.method === 'POST')!
    expect(post.body).toMatchObject({
      data: {
        type: 'api-tokens',
        attributes: {
          name: 'Home Assistant',
          scopes: ['control'],
          item_ids: null,
          current_password: 'my-password',
        },
      },
    })
    const expiresAt = (post.body as { data: { attributes: { expires_at: string } } }).data.attributes
      .expires_at
    expect(new Date(expiresAt).getTime()).toBeGreaterThan(Date.now() + 89 * 86_400_000)

    await user.click(within(shown).getByRole('button', { name: 'Готово' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(await screen.findByText('Home Assistant')).toBeTruthy()
    // The secret is gone with the dialog.
    expect(screen.queryByDisplayValue(SECRET)).toBeNull()
  })

  it('deletes a token after a confirmation', async () => {
    setToken('session')
    const calls = server([tokenResource('1', 'Скрипт')])
    const user = userEvent.setup()
    renderSection()

    expect(await screen.findByText(/203\.0\.113\.7/)).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Видалити токен: Скрипт' }))
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false)
    await user.click(await screen.findByRole('button', { name: 'Так, видалити' }))
    await waitFor(() =>
      expect(calls.some((call) => path(call) === 'DELETE /api/v2/me/api-tokens/1')).toBe(true),
    )
    expect(await screen.findByText('Токенів поки немає.')).toBeTruthy()
  })
})
