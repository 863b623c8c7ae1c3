import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { setToken } from '../../../lib/auth-token'
import { stubFetch } from '../../../test/fetch-stub'
import { renderRoutes } from '../../../test/render-routes'
import { PushNotifications } from './push-notifications'

const PUBLIC_KEY = `B${'A'.repeat(86)}`
const ENDPOINT = 'https://push.example.net/send/abc'
const subscriptionJson = {
  endpoint: ENDPOINT,
  expirationTime: null,
  keys: { p256dh: PUBLIC_KEY, auth: 'q'.repeat(22) },
}

/** The browser's side: a service worker registration whose push manager the test controls. */
function stubBrowser(permission: NotificationPermission) {
  let current: { endpoint: string; toJSON: () => unknown; unsubscribe: () => Promise<boolean> } | null = null
  const browserSubscription = {
    endpoint: ENDPOINT,
    toJSON: () => subscriptionJson,
    unsubscribe: vi.fn(async () => {
      current = null
      return true
    }),
  }
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async (_options: PushSubscriptionOptionsInit) => {
      current = browserSubscription
      return browserSubscription
    }),
  }
  const notification = { permission, requestPermission: vi.fn(async () => 'granted' as const) }
  const restore = [
    override(window, 'isSecureContext', true),
    override(window, 'PushManager', class {}),
    override(window, 'Notification', notification),
    override(globalThis, 'Notification', notification),
    override(navigator, 'serviceWorker', { ready: Promise.resolve({ pushManager }) }),
  ]
  const undoAll = () => {
    for (const undo of restore) undo()
  }
  return { pushManager, notification, browserSubscription, restore: undoAll }
}

function override(target: object, name: string, value: unknown) {
  const before = Object.getOwnPropertyDescriptor(target, name)
  Object.defineProperty(target, name, { value, configurable: true, writable: true })
  return () => {
    if (before) Object.defineProperty(target, name, before)
    else delete (target as Record<string, unknown>)[name]
  }
}

const render = () => renderRoutes([{ path: '/account', element: <PushNotifications /> }], '/account')

let browser: ReturnType<typeof stubBrowser> | undefined
beforeEach(() => setToken('session'))
afterEach(() => browser?.restore())

describe('PushNotifications', () => {
  it('asks permission only on the tap, subscribes with the server key and hands the subscription over', async () => {
    browser = stubBrowser('default')
    let stored = false
    const calls = stubFetch((call) => {
      if (call.url.endsWith('/push/public-key')) {
        return {
          status: 200,
          body: { data: { type: 'push-public-keys', id: '1', attributes: { public_key: PUBLIC_KEY } } },
        }
      }
      if (call.method === 'POST') {
        stored = true
        return { status: 201, body: { data: row() } }
      }
      if (call.method === 'DELETE') {
        stored = false
        return { status: 204 }
      }
      return { status: 200, body: { data: stored ? [row()] : [] } }
    })
    const user = userEvent.setup()
    render()

    const enable = await screen.findByRole('button', { name: 'Увімкнути сповіщення' })
    expect(screen.getByText('На цьому пристрої сповіщення вимкнено.')).toBeTruthy()
    expect(browser.notification.requestPermission).not.toHaveBeenCalled()
    await user.click(enable)

    expect(await screen.findByText('Цей пристрій отримує сповіщення.')).toBeTruthy()
    expect(browser.notification.requestPermission).toHaveBeenCalledTimes(1)
    const options = browser.pushManager.subscribe.mock.calls[0]?.[0]
    expect(options?.userVisibleOnly).toBe(true)
    const key = options?.applicationServerKey as Uint8Array
    expect(key).toHaveLength(65)
    expect(key[0]).toBe(4)
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      url: '/api/v2/me/push-subscriptions',
      body: { data: { type: 'push-subscriptions', attributes: subscriptionJson } },
    })

    await user.click(screen.getByRole('button', { name: 'Вимкнути на цьому пристрої' }))
    expect(await screen.findByText('На цьому пристрої сповіщення вимкнено.')).toBeTruthy()
    expect(
      calls.some((call) => call.method === 'DELETE' && call.url === '/api/v2/me/push-subscriptions/5'),
    ).toBe(true)
    expect(browser.browserSubscription.unsubscribe).toHaveBeenCalled()
  })

  it('says how to allow notifications when the browser blocks them, and offers no button', async () => {
    browser = stubBrowser('denied')
    stubFetch(() => ({ status: 200, body: { data: [] } }))
    render()
    expect(await screen.findByText('Сповіщення для цього сайту заблоковано в браузері.')).toBeTruthy()
    expect(screen.getByText(/Налаштування сайту/)).toBeTruthy()
    expect(screen.queryByRole('button')).toBeNull()
  })

  it("shows the browser's refusal as it is and stores nothing", async () => {
    browser = stubBrowser('default')
    browser.pushManager.subscribe.mockRejectedValue(
      new DOMException('Registration failed - permission denied', 'AbortError'),
    )
    const calls = stubFetch((call) =>
      call.url.endsWith('/push/public-key')
        ? {
            status: 200,
            body: { data: { type: 'push-public-keys', id: '1', attributes: { public_key: PUBLIC_KEY } } },
          }
        : { status: 200, body: { data: [] } },
    )
    const user = userEvent.setup()
    render()
    await user.click(await screen.findByRole('button', { name: 'Увімкнути сповіщення' }))
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain(
        'AbortError: Registration failed - permission denied',
      ),
    )
    expect(calls.some((call) => call.method === 'POST')).toBe(false)
  })

  it('explains when this browser cannot receive push at all', async () => {
    browser = undefined
    const restore = override(window, 'isSecureContext', false)
    try {
      render()
      expect(await screen.findByText(/лише на захищеній адресі/)).toBeTruthy()
    } finally {
      restore()
    }
  })
})

function row() {
  return {
    type: 'push-subscriptions',
    id: '5',
    attributes: {
      endpoint: ENDPOINT,
      user_agent: null,
      created_at: '2026-11-25 02:00:00',
      last_success_at: null,
      failures: 0,
    },
    links: { self: '/api/v2/me/push-subscriptions/5' },
  }
}
