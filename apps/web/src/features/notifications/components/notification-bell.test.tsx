import type { NotificationListDocument } from '@teplo/domain'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { setToken } from '../../../lib/auth-token'
import { setLanguage } from '../../../lib/i18n'
import { stubFetch } from '../../../test/fetch-stub'
import { renderRoutes } from '../../../test/render-routes'
import { NotificationBell } from './notification-bell'

const slow = { timeout: 5000 }

function list(unread: number, read: boolean): NotificationListDocument {
  return {
    data: [
      {
        type: 'notifications',
        id: '7',
        attributes: {
          kind: 'overheat',
          code: '',
          title: 'Перегрів теплоносія',
          description: 'Температура теплоносія 95 °C — вища за поріг 90 °C.',
          action: 'Не вимикайте живлення.',
          value: 95,
          threshold: 90,
          device_name: 'Котел вдома',
          alarm_state: 'active',
          created_at: '2026-11-25 01:00:00',
          read_at: read ? '2026-11-25 01:05:00' : null,
        },
        relationships: {
          item: { data: { type: 'items', id: '3' } },
          alarm: { data: { type: 'alarms', id: '12' } },
        },
        links: { self: '/api/v2/notifications/7' },
      },
    ],
    meta: { page: { currentPage: 1, from: 1, to: 1, perPage: 10, lastPage: 1, total: 1 }, unread },
    links: { first: '/api/v2/notifications', last: '/api/v2/notifications' },
  }
}

describe('the bell', () => {
  it('shows the unread count, lists what happened and where, and reads one on the way to its device', async () => {
    let read = false
    const calls = stubFetch((call) => {
      if (call.method === 'PATCH' && call.url === '/api/v2/notifications/7') {
        read = true
        return { status: 200, body: { data: list(0, true).data[0] } }
      }
      if (call.url.startsWith('/api/v2/notifications')) return { status: 200, body: list(read ? 0 : 1, read) }
      return { status: 404 }
    })
    const { router } = renderRoutes(
      [
        { path: '/', element: <NotificationBell enabled /> },
        { path: '/dashboards', element: <p>dashboard</p> },
      ],
      '/',
    )
    const bell = await screen.findByRole('button', { name: 'Сповіщення: 1 непрочитане' }, slow)
    await userEvent.click(bell)
    const dialog = await screen.findByRole('dialog', { name: 'Сповіщення' })
    expect(within(dialog).getByText('Котел вдома: Перегрів теплоносія')).toBeTruthy()
    expect(within(dialog).getByText('Активна')).toBeTruthy()
    await userEvent.click(within(dialog).getByText('Котел вдома: Перегрів теплоносія'))
    await waitFor(() => expect(router.state.location.search).toBe('?device=3'))
    expect(router.state.location.pathname).toBe('/dashboards')
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      data: { type: 'notifications', id: '7', attributes: { read: true } },
    })
  })

  it('marks all read', async () => {
    let unread = 1
    const calls = stubFetch((call) => {
      if (call.method === 'POST' && call.url === '/api/v2/notifications/read-all') {
        unread = 0
        return { status: 200, body: { meta: { unread: 0 } } }
      }
      if (call.url.startsWith('/api/v2/notifications'))
        return { status: 200, body: list(unread, unread === 0) }
      return { status: 404 }
    })
    renderRoutes([{ path: '/', element: <NotificationBell enabled /> }], '/')
    await userEvent.click(await screen.findByRole('button', { name: 'Сповіщення: 1 непрочитане' }, slow))
    const dialog = await screen.findByRole('dialog', { name: 'Сповіщення' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Позначити всі прочитаними' }))
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Позначити всі прочитаними' })).toHaveProperty(
        'disabled',
        true,
      ),
    )
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/v2/notifications/read-all')).toBe(true)
  })

  it('words the alarm in the language switched to, without reading the list again', async () => {
    const calls = stubFetch((call) =>
      call.url.startsWith('/api/v2/notifications') ? { status: 200, body: list(1, false) } : { status: 404 },
    )
    renderRoutes([{ path: '/', element: <NotificationBell enabled /> }], '/')
    await userEvent.click(await screen.findByRole('button', { name: 'Сповіщення: 1 непрочитане' }, slow))
    const dialog = await screen.findByRole('dialog', { name: 'Сповіщення' })
    expect(within(dialog).getByText('Котел вдома: Перегрів теплоносія')).toBeTruthy()
    const reads = calls.length
    await act(() => setLanguage('en'))
    expect(within(dialog).getByText('Котел вдома: Boiler water overheating')).toBeTruthy()
    expect(
      within(dialog).getByText('The boiler water is at 95 °C, above the threshold of 90 °C.'),
    ).toBeTruthy()
    expect(within(dialog).getByText('Active')).toBeTruthy()
    expect(calls.length).toBe(reads)
  })

  it('reads the list again when its event stream opens: what happened before it was up is not lost', async () => {
    setToken('token-1')
    const sources: { onopen: (() => void) | null }[] = []
    vi.stubGlobal(
      'EventSource',
      class extends EventTarget {
        onopen: (() => void) | null = null
        onerror: (() => void) | null = null
        constructor() {
          super()
          sources.push(this)
        }
        close() {}
      },
    )
    // The alarm is raised after the first read and before the stream is up: no event will say so.
    let unread = 0
    stubFetch((call) => {
      if (call.url === '/api/v2/live/tickets' && call.method === 'POST')
        return { status: 200, body: { meta: { ticket: 'ticket-1', expires_in: 30 } } }
      if (call.url.startsWith('/api/v2/notifications'))
        return { status: 200, body: list(unread, unread === 0) }
      return { status: 404 }
    })
    renderRoutes([{ path: '/', element: <NotificationBell enabled /> }], '/')
    await screen.findByRole('button', { name: 'Сповіщення' }, slow)
    await waitFor(() => expect(sources.length).toBe(1))
    unread = 1
    act(() => sources[0]?.onopen?.())
    await screen.findByRole('button', { name: 'Сповіщення: 1 непрочитане' }, slow)
  })

  it('is not there signed out', () => {
    stubFetch(() => ({ status: 404 }))
    renderRoutes([{ path: '/', element: <NotificationBell enabled={false} /> }], '/')
    expect(screen.queryByRole('button', { name: /Сповіщення/ })).toBeNull()
  })
})
