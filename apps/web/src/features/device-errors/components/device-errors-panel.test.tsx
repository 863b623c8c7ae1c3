import { type ItemErrorResource, itemErrorResourceSchema } from '@teplo/domain'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { itemListDocument, itemResource } from '../../../lib/items/item-fixtures.test-data'
import { type StubbedCall, stubFetch } from '../../../test/fetch-stub'
import { renderRoutes } from '../../../test/render-routes'
import { itemErrorResource, listDocument } from '../../../test/resource-fixtures'
import { DeviceErrorsPanel } from './device-errors-panel'

const page = (events: ItemErrorResource[]) =>
  listDocument(itemErrorResourceSchema, events, '/api/v2/item-errors')

const errorEvent = (id: string, code: string) =>
  itemErrorResource(id, {
    error_code: code,
    mode_status: 1,
    device: {
      name: 'Котел вдома',
      temperatures: { kotla: 91, boilera: null, gas: 180 },
      power: { palnika: 60 },
    },
  })

const DEVICES = itemListDocument([
  itemResource('1', { name: 'Котел вдома', status: 'on' }),
  itemResource('2', { name: 'Новий', status: 'pending' }),
  itemResource('3', { name: 'Дача', status: 'connecting' }),
  itemResource('4', { name: 'Котел батьків', status: 'on', access: 'viewer' }),
])

function serve(errorsByItem: Record<string, ItemErrorResource[]>, archive = { status: 204 }) {
  return stubFetch((call: StubbedCall) => {
    if (call.url.startsWith('/api/v2/items')) return { status: 200, body: DEVICES }
    if (call.method === 'POST') {
      if (archive.status < 300) {
        const id = call.url.split('/')[4]
        for (const key of Object.keys(errorsByItem)) {
          errorsByItem[key] = errorsByItem[key]!.filter((event) => event.id !== id)
        }
      }
      return archive
    }
    const itemId = new URL(call.url, 'http://x').searchParams.get('item_id') ?? ''
    return { status: 200, body: page(errorsByItem[itemId] ?? []) }
  })
}

const renderPanel = () =>
  renderRoutes([{ path: '/items/errors', element: <DeviceErrorsPanel /> }], '/items/errors')

describe('DeviceErrorsPanel', () => {
  it('offers the devices except pending ones and shows the first one’s errors', async () => {
    const calls = serve({ '1': [errorEvent('41', 'E3')] })
    renderPanel()

    const picker = await screen.findByLabelText<HTMLSelectElement>('Пристрій')
    expect([...picker.options].map((option) => option.textContent)).toEqual([
      'Котел вдома',
      'Дача',
      'Котел батьків',
    ])
    const list = new URL(calls.find((call) => call.url.startsWith('/api/v2/items'))!.url, 'http://x')
    expect(list.searchParams.get('sort')).toBe('name')
    const table = await screen.findByRole('region', { name: 'Помилки пристрою «Котел вдома»' })
    const cells = within(table).getAllByRole('row')[1]!.querySelectorAll('td')
    expect([...cells].slice(0, 9).map((cell) => cell.textContent)).toEqual([
      'E3',
      'Теплоносій перегрівся: датчик показує понад 90 °C (аварійна температура).',
      expect.stringMatching(/^\d\d\.03\.24 \d\d:07$/),
      // Not reported ended.
      '-',
      'Котел',
      '91 °C',
      '-',
      '180 °C',
      '60 %',
    ])
    expect(calls.some((call) => call.url.includes('item_id=1'))).toBe(true)
  })

  it('opens the device named in the address (?device=), as the dashboard links to it', async () => {
    serve({ '3': [errorEvent('51', 'E7')] })
    const { router } = renderRoutes(
      [{ path: '/items/errors', element: <DeviceErrorsPanel /> }],
      '/items/errors?device=3',
    )

    const picker = await screen.findByLabelText<HTMLSelectElement>('Пристрій')
    expect(picker.value).toBe('3')
    expect(await screen.findByRole('region', { name: 'Помилки пристрою «Дача»' })).toBeTruthy()
    await userEvent.setup().selectOptions(picker, '1')
    await waitFor(() => expect(router.state.location.search).toBe('?device=1'))
  })

  it('says there are no new errors, and loads another device when picked', async () => {
    const calls = serve({ '3': [errorEvent('50', 'E9')] })
    const user = userEvent.setup()
    renderPanel()

    expect(await screen.findByText('Нових помилок не знайдено')).toBeTruthy()
    await user.selectOptions(screen.getByLabelText('Пристрій'), '3')

    expect(await screen.findByText('E9')).toBeTruthy()
    expect(calls.some((call) => call.url.includes('item_id=3'))).toBe(true)
    expect(calls.some((call) => call.url.includes('item_id=2'))).toBe(false)
  })

  it('archives an error: it leaves the list with a green notice', async () => {
    const calls = serve({ '1': [errorEvent('41', 'E3'), errorEvent('42', 'E1')] })
    const user = userEvent.setup()
    renderPanel()

    await user.click(await screen.findByRole('button', { name: /^Архівувати E3/ }))

    expect((await screen.findByRole('alert')).textContent).toContain('Помилку архівовано')
    await waitFor(() => expect(screen.queryByText('E3')).toBeNull())
    expect(screen.getByText('E1')).toBeTruthy()
    expect(calls.find((call) => call.method === 'POST')?.url).toBe('/api/v2/item-errors/41/archive')
  })

  it('keeps the error and says so when archiving fails', async () => {
    serve({ '1': [errorEvent('41', 'E3')] }, { status: 500 })
    const user = userEvent.setup()
    renderPanel()

    await user.click(await screen.findByRole('button', { name: /^Архівувати E3/ }))

    expect((await screen.findByRole('alert')).textContent).toContain('Помилка при архівуванні')
    expect(screen.getByText('E3')).toBeTruthy()
  })

  it('offers no archiving on a device the account only watches, and says why', async () => {
    serve({ '4': [errorEvent('51', 'E5')] })
    renderRoutes([{ path: '/items/errors', element: <DeviceErrorsPanel /> }], '/items/errors?device=4')

    expect(await screen.findByText('E5')).toBeTruthy()
    expect(screen.queryByRole('button', { name: /^Архівувати/ })).toBeNull()
    expect(
      screen.getByText(
        'Ваш доступ — «Перегляд»: архівувати помилки може власник або той, хто має рівень «Керування».',
      ),
    ).toBeTruthy()
  })

  it('says when the device list cannot be loaded', async () => {
    stubFetch(() => ({ status: 500 }))
    renderPanel()
    expect(await screen.findByText('Помилка при завантаженні списку пристроїв')).toBeTruthy()
  })
})
