import { type HomeAssistantResource, homeAssistantResourceSchema } from '@teplo/domain'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { setToken } from '../../../lib/auth-token'
import { itemListDocument, itemResource } from '../../../lib/items/item-fixtures.test-data'
import { stubFetch } from '../../../test/fetch-stub'
import { renderRoutes } from '../../../test/render-routes'
import { CONNECTING_REFETCH_MS } from '../api/home-assistant'
import { HomeAssistantSection } from './home-assistant-section'

type Attributes = HomeAssistantResource['attributes']

function link(attributes: Partial<Attributes> = {}): HomeAssistantResource {
  return homeAssistantResourceSchema.parse({
    type: 'home-assistant-links',
    id: '5',
    attributes: {
      broker_url: 'mqtts://ha.example.net:8883',
      username: 'teplo',
      has_password: true,
      discovery_prefix: 'homeassistant',
      item_ids: null,
      state: 'connected',
      last_error: null,
      connected_at: '2026-11-28 10:00:05',
      published_item_ids: [7, 8],
      created_at: '2026-11-28 10:00:00',
      updated_at: '2026-11-28 10:00:00',
      ...attributes,
    },
    links: { self: '/api/v2/me/home-assistant' },
  })
}

const devices = itemListDocument([itemResource('7'), itemResource('8')])

const render = () => renderRoutes([{ path: '/account', element: <HomeAssistantSection /> }], '/account')

beforeEach(() => setToken('session'))
afterEach(() => vi.useRealTimers())

describe('HomeAssistantSection', () => {
  it('explains itself when not connected, and connects chosen boilers with the right body', async () => {
    let stored: HomeAssistantResource | null = null
    const calls = stubFetch((call) => {
      if (call.url.includes('/items')) return { status: 200, body: devices }
      if (call.method === 'PUT') {
        stored = link({
          has_password: true,
          item_ids: [8],
          state: 'connecting',
          connected_at: null,
          published_item_ids: [],
        })
        return { status: 200, body: { data: stored } }
      }
      return { status: 200, body: { data: stored } }
    })
    const user = userEvent.setup()
    render()
    expect(await screen.findByText(/власного MQTT-брокера/)).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Підключити' }))
    await user.type(screen.getByRole('textbox', { name: /Адреса брокера/ }), ' mqtts://ha.example.net:8883 ')
    await user.type(screen.getByRole('textbox', { name: /Ім'я користувача/ }), 'teplo')
    await user.type(screen.getByLabelText('Пароль брокера'), 's3cret pass')
    // The prefix starts as Home Assistant's default.
    expect((screen.getByRole('textbox', { name: /Префікс/ }) as HTMLInputElement).value).toBe('homeassistant')
    await user.click(await screen.findByRole('checkbox', { name: 'Котел 8' }))
    expect((screen.getByRole('checkbox', { name: /Усі мої котли/ }) as HTMLInputElement).checked).toBe(false)
    await user.click(screen.getByRole('button', { name: 'Підключити' }))
    // The saved connection shows at once, still connecting.
    expect(await screen.findByText('Підключення…')).toBeTruthy()
    const sent = calls.find((call) => call.method === 'PUT')
    expect(sent?.url).toMatch(/\/api\/v2\/me\/home-assistant$/)
    expect(sent?.body).toEqual({
      data: {
        type: 'home-assistant-links',
        attributes: {
          broker_url: 'mqtts://ha.example.net:8883',
          username: 'teplo',
          password: 's3cret pass',
          discovery_prefix: 'homeassistant',
          item_ids: [8],
        },
      },
    })
    expect(await screen.findByText('mqtts://ha.example.net:8883')).toBeTruthy()
    expect(await screen.findByText('Котел 8')).toBeTruthy()
  })

  it('keeps the stored password when the field is left empty, and removes it when asked', async () => {
    const calls = stubFetch((call) => {
      if (call.url.includes('/items')) return { status: 200, body: devices }
      return { status: 200, body: { data: link() } }
    })
    const user = userEvent.setup()
    render()
    await user.click(await screen.findByRole('button', { name: 'Змінити' }))
    const password = screen.getByLabelText('Пароль брокера') as HTMLInputElement
    expect(password.placeholder).toBe('Залиште порожнім, щоб не змінювати збережений пароль')
    await user.click(screen.getByRole('button', { name: 'Зберегти' }))
    await screen.findByRole('button', { name: 'Змінити' })
    const kept = calls.filter((call) => call.method === 'PUT')[0]?.body as { data: { attributes: object } }
    expect(kept.data.attributes).not.toHaveProperty('password')
    expect(kept.data.attributes).toMatchObject({ broker_url: 'mqtts://ha.example.net:8883', item_ids: null })

    await user.click(screen.getByRole('button', { name: 'Змінити' }))
    await user.click(screen.getByRole('checkbox', { name: 'Прибрати збережений пароль' }))
    await user.click(screen.getByRole('button', { name: 'Зберегти' }))
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(2))
    expect(calls.filter((call) => call.method === 'PUT')[1]?.body).toMatchObject({
      data: { attributes: { password: null } },
    })
  })

  it('shows the server’s refusal of the broker under the field', async () => {
    stubFetch((call) => {
      if (call.url.includes('/items')) return { status: 200, body: itemListDocument([]) }
      if (call.method === 'PUT')
        return {
          status: 422,
          body: {
            errors: [
              {
                status: '422',
                title: 'Unprocessable Entity',
                detail: 'Брокер має бути доступний з інтернету, не з локальної мережі',
                source: { pointer: '/data/attributes/broker_url' },
              },
            ],
          },
        }
      return { status: 200, body: { data: null } }
    })
    const user = userEvent.setup()
    render()
    await user.click(await screen.findByRole('button', { name: 'Підключити' }))
    const broker = screen.getByRole('textbox', { name: /Адреса брокера/ })
    await user.type(broker, 'mqtt://192.168.1.5')
    await user.click(screen.getByRole('button', { name: 'Підключити' }))
    await waitFor(() => expect(broker.getAttribute('aria-invalid')).toBe('true'))
    const help = document.getElementById(broker.getAttribute('aria-describedby') ?? '')
    expect(help?.textContent).toBe('Брокер має бути доступний з інтернету, не з локальної мережі')
    // The form stays open with what was typed.
    expect((broker as HTMLInputElement).value).toBe('mqtt://192.168.1.5')
  })

  it('shows a failed connection with its reason', async () => {
    stubFetch((call) => {
      if (call.url.includes('/items')) return { status: 200, body: devices }
      return {
        status: 200,
        body: {
          data: link({
            state: 'failed',
            connected_at: null,
            published_item_ids: [],
            last_error: 'Брокер відхилив вхід: неправильне ім’я користувача або пароль',
            username: null,
            has_password: false,
            item_ids: [7],
          }),
        },
      }
    })
    render()
    const chip = await screen.findByText('Помилка')
    const status = chip.closest('[role="status"]') as HTMLElement
    expect(within(status).getByText(/неправильне ім’я користувача або пароль/)).toBeTruthy()
    expect(screen.getByText('без імені користувача')).toBeTruthy()
    expect(screen.getByText('без пароля')).toBeTruthy()
    expect(await screen.findByText('Котел 7')).toBeTruthy()
  })

  it('reads the connection again while it is connecting, until it is connected', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    let reads = 0
    stubFetch(() => {
      reads += 1
      const state = reads < 2 ? 'connecting' : 'connected'
      return { status: 200, body: { data: link({ state }) } }
    })
    render()
    expect(await screen.findByText('Підключення…')).toBeTruthy()
    await vi.advanceTimersByTimeAsync(CONNECTING_REFETCH_MS)
    expect(await screen.findByText('Підключено')).toBeTruthy()
    expect(screen.getByText(/У Home Assistant зараз 2 котли/)).toBeTruthy()
    // Connected: no more reading.
    await vi.advanceTimersByTimeAsync(CONNECTING_REFETCH_MS * 3)
    expect(reads).toBe(2)
  })

  it('asks before disconnecting, and then sends DELETE', async () => {
    let stored: HomeAssistantResource | null = link()
    const calls = stubFetch((call) => {
      if (call.method === 'DELETE') {
        stored = null
        return { status: 204 }
      }
      return { status: 200, body: { data: stored } }
    })
    const user = userEvent.setup()
    render()
    await user.click(await screen.findByRole('button', { name: "Від'єднати" }))
    const dialog = await screen.findByRole('dialog', { name: "Від'єднати Home Assistant?" })
    expect(within(dialog).getByText(/зникнуть із Home Assistant/)).toBeTruthy()
    // Cancelling sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Скасувати' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false)

    await user.click(screen.getByRole('button', { name: "Від'єднати" }))
    const again = await screen.findByRole('dialog')
    await user.click(within(again).getByRole('button', { name: "Від'єднати" }))
    expect(await screen.findByRole('button', { name: 'Підключити' })).toBeTruthy()
    const sent = calls.filter((call) => call.method === 'DELETE')
    expect(sent).toHaveLength(1)
    expect(sent[0]?.url).toMatch(/\/api\/v2\/me\/home-assistant$/)
  })
})
