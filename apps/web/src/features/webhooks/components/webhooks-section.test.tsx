import { webhookCreatedDocumentSchema, webhookResourceSchema } from '@teplo/domain'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { setToken } from '../../../lib/auth-token'
import { itemListDocument, itemResource } from '../../../lib/items/item-fixtures.test-data'
import { stubFetch } from '../../../test/fetch-stub'
import { renderRoutes } from '../../../test/render-routes'
import { WebhooksSection } from './webhooks-section'

const SECRET = `whsec_${'a'.repeat(43)}`

function webhook(id: string, url: string, enabled = true) {
  return webhookResourceSchema.parse({
    type: 'webhooks',
    id,
    attributes: {
      url,
      events: ['alarm.raised'],
      item_ids: null,
      enabled,
      disabled_reason: enabled ? null : 'Вимкнено сервером: 100 невдалих спроб поспіль, остання — HTTP 500',
      failures: enabled ? 0 : 100,
      last_success_at: null,
      created_at: '2026-11-28 10:00:00',
      updated_at: '2026-11-28 10:00:00',
    },
    links: { self: `/api/v2/me/webhooks/${id}` },
  })
}

const render = () => renderRoutes([{ path: '/account', element: <WebhooksSection /> }], '/account')

beforeEach(() => setToken('session'))

describe('WebhooksSection', () => {
  it('creates a webhook for chosen events and one boiler, then shows its secret once', async () => {
    const list = [webhook('1', 'https://old.example.com/hook', false)]
    const calls = stubFetch((call) => {
      if (call.url.includes('/items')) return { status: 200, body: itemListDocument([itemResource('7')]) }
      if (call.method === 'POST' && call.url.endsWith('/me/webhooks')) {
        const created = webhook('2', 'https://hooks.example.com/teplo')
        list.push(created)
        return {
          status: 201,
          body: webhookCreatedDocumentSchema.parse({
            data: { ...created, attributes: { ...created.attributes, secret: SECRET } },
          }),
        }
      }
      return { status: 200, body: { data: list } }
    })
    const user = userEvent.setup()
    render()
    // A webhook the server turned off says why.
    expect(await screen.findByText(/Вимкнено сервером: 100 невдалих спроб/)).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Додати вебхук' }))
    await user.type(screen.getByRole('textbox', { name: /Адреса/ }), 'https://hooks.example.com/teplo')
    // Alarms raised and cleared are chosen already; add «Час замовити пелети», drop «Тривога минула».
    await user.click(screen.getByRole('checkbox', { name: 'Час замовити пелети' }))
    await user.click(screen.getByRole('checkbox', { name: 'Тривога минула' }))
    await user.click(await screen.findByRole('checkbox', { name: 'Котел 7' }))
    await user.click(screen.getByRole('button', { name: 'Створити' }))
    const secret = await screen.findByTestId('webhook-secret')
    expect(secret.textContent).toBe(SECRET)
    const sent = calls.find((call) => call.method === 'POST')
    expect(sent?.body).toMatchObject({
      data: {
        type: 'webhooks',
        attributes: {
          url: 'https://hooks.example.com/teplo',
          events: ['alarm.raised', 'fuel.reorder'],
          item_ids: [7],
        },
      },
    })
    // «Готово» hides the secret for good.
    await user.click(screen.getByRole('button', { name: 'Готово' }))
    expect(screen.queryByTestId('webhook-secret')).toBeNull()
    const rows = within(await screen.findByRole('list', { name: 'Вебхуки' }))
    expect(await rows.findByText('https://hooks.example.com/teplo')).toBeTruthy()
  })

  it('shows the server’s refusal of the address under the field', async () => {
    stubFetch((call) => {
      if (call.url.includes('/items')) return { status: 200, body: itemListDocument([]) }
      if (call.method === 'POST')
        return {
          status: 422,
          body: {
            errors: [
              {
                status: '422',
                title: 'Unprocessable Entity',
                detail: 'Адреса вебхука має бути адресою https:// в інтернеті, не в локальній мережі',
                source: { pointer: '/data/attributes/url' },
              },
            ],
          },
        }
      return { status: 200, body: { data: [] } }
    })
    const user = userEvent.setup()
    render()
    await user.click(await screen.findByRole('button', { name: 'Додати вебхук' }))
    await user.type(screen.getByRole('textbox', { name: /Адреса/ }), 'https://192.168.1.5/x')
    await user.click(screen.getByRole('button', { name: 'Створити' }))
    await waitFor(() => expect(screen.getByText(/не в локальній мережі/)).toBeTruthy())
    expect(screen.queryByTestId('webhook-secret')).toBeNull()
  })
})
