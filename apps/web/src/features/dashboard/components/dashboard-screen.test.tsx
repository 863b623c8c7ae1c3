import type { ItemResource } from '@teplo/domain'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { setToken } from '../../../lib/auth-token'
import { itemDocument, itemListDocument, itemResource } from '../../../lib/items/item-fixtures.test-data'
import { type StubbedCall, stubFetch } from '../../../test/fetch-stub'
import { renderRoutes } from '../../../test/render-routes'
import { DashboardScreen } from './dashboard-screen'

const slow = { timeout: 4000 }

/** Answers the list and each device from `items`; PATCH stores and answers `patched`. */
let tickets = 0

function serve(items: ItemResource[], patched?: (id: string, body: unknown) => ItemResource) {
  return stubFetch((call) => {
    const path = call.url.split('?')[0]
    if (path === '/api/v2/items') return { status: 200, body: itemListDocument(items) }
    if (path === '/api/v2/live/tickets' && call.method === 'POST') {
      tickets += 1
      return { status: 200, body: { meta: { ticket: `ticket-${tickets}`, expires_in: 30 } } }
    }
    const id = path?.split('/').at(-1) ?? ''
    const item = items.find((entry) => entry.id === id)
    if (!item) return { status: 404, body: { errors: [{ status: '404', title: 'Not Found', detail: '' }] } }
    if (call.method === 'PATCH') {
      // Stored, as the server does, so the re-read after the edit sees it.
      const next = patched?.(id, call.body) ?? item
      items.splice(items.indexOf(item), 1, next)
      return { status: 200, body: itemDocument(next) }
    }
    return { status: 200, body: itemDocument(item, []) }
  })
}

function show(path = '/') {
  return renderRoutes([{ path: '/', element: <DashboardScreen /> }], path)
}

const deviceReads = (calls: StubbedCall[], id: string) =>
  calls.filter((call) => call.method === 'GET' && call.url.startsWith(`/api/v2/items/${id}`))

// Whole-screen flows: generous limits for a shared, busy machine.
describe('DashboardScreen', () => {
  it('loads the list of the signed-in user without any cache and says it is loading', async () => {
    const calls = serve([itemResource('1', { is_on_homepage: true })])
    show()

    expect(screen.getByText('Завантаження даних...')).toBeTruthy()
    await screen.findByRole('heading', { name: 'Температура котла' }, slow)
    const list = new URL(calls[0]!.url, 'http://localhost')
    expect(list.pathname).toBe('/api/v2/items')
    // Without filter[user_id]: the server answers the user's own devices and those shared with them.
    expect(list.searchParams.get('filter[user_id]')).toBeNull()
    expect(list.searchParams.get('include')).toBe('category')
    expect(list.searchParams.get('page[size]')).toBe('100')
    expect(list.searchParams.get('_')).toMatch(/^\d+$/)
    expect(calls[0]!.headers['cache-control']).toBe('no-cache')
    expect(calls[0]!.headers.pragma).toBe('no-cache')
  })

  it('offers to add a device when there is none (or only ones awaiting verification)', async () => {
    const calls = serve([itemResource('2', { status: 'pending', is_on_homepage: true })])
    show()

    expect(await screen.findByText('Пристроїв не знайдено', {}, slow)).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Додати пристрій' }).getAttribute('href')).toBe('/items/claim')
    expect(deviceReads(calls, '2')).toHaveLength(0)
  })

  it('opens the flagged device, hides pending ones and never loads them', async () => {
    const user = userEvent.setup()
    const calls = serve([
      itemResource('1', { name: 'Котел у гаражі' }),
      itemResource('2', { name: 'Котел на дачі', status: 'pending', is_on_homepage: true }),
      itemResource('3', { name: 'Котел вдома', is_on_homepage: true }),
    ])
    show()

    const picker = await screen.findByRole('combobox', { name: 'Пристрій' }, slow)
    expect(picker.textContent).toBe('Котел вдома')
    await user.click(picker)
    const options = within(await screen.findByRole('listbox')).getAllByRole('option')
    expect(options.map((option) => option.textContent)).toEqual(['Котел у гаражі', 'Котел вдома'])
    expect(deviceReads(calls, '2')).toHaveLength(0)

    await user.click(options[0]!)
    await waitFor(() => expect(deviceReads(calls, '1')).toHaveLength(1))
    expect(screen.getByRole('combobox', { name: 'Пристрій' }).textContent).toBe('Котел у гаражі')
  })

  it('keeps the chosen boiler in the address, and opens the one the address names', async () => {
    const user = userEvent.setup()
    serve([
      itemResource('1', { name: 'Котел у гаражі' }),
      itemResource('3', { name: 'Котел вдома', is_on_homepage: true }),
    ])
    const { router } = show('/?device=1')

    const picker = await screen.findByRole('combobox', { name: 'Пристрій' }, slow)
    expect(picker.textContent).toBe('Котел у гаражі')
    await user.click(picker)
    await user.click(await screen.findByRole('option', { name: 'Котел вдома' }))
    await waitFor(() => expect(router.state.location.search).toBe('?device=3'))
    // Replaced, not pushed: Back leaves the dashboard rather than stepping through the picks.
    expect(router.state.historyAction).toBe('REPLACE')
  })

  it("shows '-' for values a device that never connected has not reported, and its honest state", async () => {
    serve([itemResource('1', { is_on_homepage: true })])
    show()

    const heater = await screen.findByRole('meter', { name: 'Температура котла' }, slow)
    expect(heater.textContent).toContain('-')
    expect(screen.getByRole('meter', { name: "Яскравість полум'я" }).getAttribute('aria-valuetext')).toBe(
      'немає даних',
    )
    expect(screen.getByText("з'єднання немає")).toBeTruthy()
    expect(screen.getByText('Налаштування: Застосовано')).toBeTruthy()
    expect(screen.getByText("Пристрій ще не виходив на зв'язок")).toBeTruthy()
    expect(screen.getByText('Невідомий режим')).toBeTruthy()
    expect(screen.getByText('Задано: 60 °C')).toBeTruthy()
    expect(screen.getByText('Б+К')).toBeTruthy()
    // An off-line device still takes the on/off wish; the screen says when it will arrive.
    const toggle = screen.getByRole('switch', { name: 'Увімкнено' }) as HTMLInputElement
    expect(toggle.disabled).toBe(false)
    expect(toggle.checked).toBe(true)
    expect(toggle.getAttribute('aria-describedby')).toBeTruthy()
    expect(document.getElementById(toggle.getAttribute('aria-describedby')!)?.textContent).toMatch(
      /^Котел не на зв'язку/,
    )
  })

  it("switches an off-line device by its owner's wish, which it gets on reconnecting", async () => {
    const user = userEvent.setup()
    const calls = serve([itemResource('1', { is_on_homepage: true, power_set: 'off' })], (id) =>
      itemResource(id, { power_set: 'on', sync_status: 'pending' }),
    )
    show()

    await user.click(await screen.findByRole('switch', { name: 'Вимкнено' }, slow))

    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
        data: { type: 'items', id: '1', attributes: { status: 'on' } },
      }),
    )
    expect(await screen.findByRole('switch', { name: 'Увімкнено' }, slow)).toBeTruthy()
    expect(screen.getByText('Налаштування: Очікує пристрій')).toBeTruthy()
  })

  it('shows live values with their units, the work mode and the sync state', async () => {
    serve([
      itemResource('1', {
        status: 'on',
        is_on_homepage: true,
        heater_temp: 62.5,
        gas_temp: 180,
        burner_power: 40,
        flame_brightness: 72,
        work_mode: 6,
        pump_mode: 4,
        sync_status: 'refused',
        sync_reason: 'значення поза межами',
        last_seen_at: '2025-03-01 10:15:00',
      }),
    ])
    show()

    const heater = await screen.findByRole('meter', { name: 'Температура котла' }, slow)
    expect(heater.getAttribute('aria-valuetext')).toBe('62,5 °C')
    expect(screen.getByRole('meter', { name: 'Потужність пальника' }).getAttribute('aria-valuetext')).toBe(
      '40 кВт',
    )
    expect(screen.getByText('Робота з модуляцією')).toBeTruthy()
    expect(screen.getByText('К+Б')).toBeTruthy()
    expect(screen.getByText('Налаштування: Відхилено: значення поза межами')).toBeTruthy()
    expect(screen.getByText("з'єднання встановлено")).toBeTruthy()
    expect(screen.getByText(/^Останній зв'язок: 01\.03\.25 \d\d:15$/)).toBeTruthy()
  })

  it('switches a device off, reloads it and says the data was updated', async () => {
    const user = userEvent.setup()
    const calls = serve([itemResource('1', { status: 'on', is_on_homepage: true })], (id) =>
      itemResource(id, { status: 'off', sync_status: 'pending' }),
    )
    show()

    await user.click(await screen.findByRole('switch', { name: 'Увімкнено' }, slow))
    // Switching off asks first; cancelling sends nothing.
    const ask = await screen.findByRole('dialog', { name: /Вимкнути котел/ })
    await user.click(within(ask).getByRole('button', { name: 'Скасувати' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false)
    await user.click(screen.getByRole('switch', { name: 'Увімкнено' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Вимкнути' }))

    await waitFor(() => expect(calls.some((call) => call.method === 'PATCH')).toBe(true))
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      data: { type: 'items', id: '1', attributes: { status: 'off' } },
    })
    expect((await screen.findByRole('alert', {}, slow)).textContent).toContain('Дані оновлено!')
    await waitFor(() => expect(deviceReads(calls, '1').length).toBeGreaterThanOrEqual(2))
  })

  it('locks the switch and the settings of an archived device', async () => {
    serve([itemResource('1', { status: 'archive', is_on_homepage: true })])
    show()

    const toggle = await screen.findByRole('switch', { name: 'Заблоковано' }, slow)
    expect((toggle as HTMLInputElement).disabled).toBe(true)
    const change = await screen.findByRole('button', { name: 'Змінити: Температура котла' }, slow)
    expect((change as HTMLButtonElement).disabled).toBe(true)
  })

  it('opens the editor of a card from its link, and only the explanation from its info icon', async () => {
    const user = userEvent.setup()
    serve([itemResource('1', { status: 'on', is_on_homepage: true })])
    show()

    await user.click(await screen.findByRole('button', { name: 'Змінити: Димові гази' }, slow))
    const editor = await screen.findByRole('dialog', { name: 'Димові гази' })
    expect(within(editor).getByRole('button', { name: 'Зберегти' })).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Скасувати' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

    const info = screen.getByRole('button', { name: 'Про налаштування «Режим насосів»' })
    // The tooltip (hover, focus) describes the icon with the explanation.
    expect(info.getAttribute('title')).toBe('Які контури гріє котел і котрий має пріоритет.')
    await user.click(info)
    const explanation = await screen.findByRole('dialog', { name: 'Режим насосів' })
    expect(explanation.textContent).toContain('Які контури гріє котел і котрий має пріоритет.')
    expect(within(explanation).queryByRole('radio')).toBeNull()
    expect(within(explanation).queryByRole('button', { name: 'Зберегти' })).toBeNull()
    await user.click(within(explanation).getByRole('button', { name: 'Зрозуміло' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('explains a setting of an archived device, whose editor stays locked', async () => {
    const user = userEvent.setup()
    serve([itemResource('1', { status: 'archive', is_on_homepage: true })])
    show()

    await user.click(await screen.findByRole('button', { name: 'Про налаштування «Димові гази»' }, slow))
    const explanation = await screen.findByRole('dialog', { name: 'Димові гази' })
    expect(explanation.textContent).toContain('Межі температури димових газів')
  })

  it('re-reads the device every 30 s while no live stream is up', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    try {
      const calls = serve([itemResource('1', { is_on_homepage: true })])
      show()
      await screen.findByRole('meter', { name: 'Температура котла' }, slow)
      const before = deviceReads(calls, '1').length

      await act(() => vi.advanceTimersByTimeAsync(30_000))

      await waitFor(() => expect(deviceReads(calls, '1').length).toBe(before + 1))
    } finally {
      vi.useRealTimers()
    }
  })

  it('takes live updates from the event stream into the screen', async () => {
    setToken('token-1')
    const sources: FakeEventSource[] = []
    class FakeEventSource extends EventTarget {
      onopen: (() => void) | null = null
      onerror: (() => void) | null = null
      constructor(readonly url: string) {
        super()
        sources.push(this)
      }
      close() {}
    }
    vi.stubGlobal('EventSource', FakeEventSource)
    serve([itemResource('1', { is_on_homepage: true })])
    show()
    await screen.findByRole('meter', { name: 'Температура котла' }, slow)

    // A single-use ticket in the address, never the session's token.
    await waitFor(() =>
      expect(sources.at(-1)?.url).toMatch(/^\/api\/v2\/live\?item_id=1&ticket=ticket-\d+&ui_language=uk$/),
    )
    const firstUrl = sources.at(-1)!.url
    act(() => {
      sources.at(-1)?.onopen?.()
      const update = itemDocument(itemResource('1', { status: 'on', heater_temp: 71 }))
      sources.at(-1)?.dispatchEvent(new MessageEvent('item', { data: JSON.stringify(update) }))
    })

    await waitFor(() =>
      expect(screen.getByRole('meter', { name: 'Температура котла' }).getAttribute('aria-valuetext')).toBe(
        '71 °C',
      ),
    )
    expect(screen.getByText("з'єднання встановлено")).toBeTruthy()

    // The stream fails: it is reopened with a new ticket (a spent one would be refused).
    const opened = sources.length
    act(() => {
      sources.at(-1)?.onerror?.()
    })
    await waitFor(() => expect(sources.length).toBe(opened + 1), { timeout: 8000 })
    expect(sources.at(-1)?.url).toMatch(/ticket=ticket-\d+&ui_language=uk$/)
    expect(sources.at(-1)?.url).not.toBe(firstUrl)
  })

  it('reloads when the stream says the device was deleted', async () => {
    setToken('token-1')
    const sources: EventTarget[] = []
    vi.stubGlobal(
      'EventSource',
      class extends EventTarget {
        constructor() {
          super()
          sources.push(this)
        }
        close() {}
      },
    )
    const items = [itemResource('1', { is_on_homepage: true }), itemResource('2', { name: 'Котел у сестри' })]
    serve(items)
    show()
    await screen.findByRole('meter', { name: 'Температура котла' }, slow)

    await waitFor(() => expect(sources.length).toBeGreaterThan(0))
    items.splice(0, 1)
    act(() => {
      sources.at(-1)?.dispatchEvent(new MessageEvent('deleted', { data: '{}' }))
    })

    await waitFor(
      () => expect(screen.getByRole('combobox', { name: 'Пристрій' }).textContent).toBe('Котел у сестри'),
      slow,
    )
  })

  it('forgets a device that has gone and reloads the list', async () => {
    const items = [itemResource('1', { is_on_homepage: true }), itemResource('2')]
    const calls = stubFetch((call) => {
      const path = call.url.split('?')[0]
      if (path === '/api/v2/items') {
        const lists = calls.filter((entry) => entry.url.startsWith('/api/v2/items?')).length
        return { status: 200, body: itemListDocument(lists === 1 ? items : [items[1]!]) }
      }
      if (path === '/api/v2/items/1') return { status: 404, body: { errors: [] } }
      return { status: 200, body: itemDocument(items[1]!) }
    })
    show()

    await waitFor(
      () => expect(screen.getByRole('combobox', { name: 'Пристрій' }).textContent).toBe('Котел 2'),
      slow,
    )
    expect(await screen.findByRole('meter', { name: 'Температура котла' }, slow)).toBeTruthy()
  })
})
