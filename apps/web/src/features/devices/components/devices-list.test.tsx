import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import {
  boilerCategory,
  categoryResource,
  itemDocument,
  itemListDocument,
  itemResource,
} from '../../../lib/items/item-fixtures.test-data'
import { type StubbedCall, stubFetch } from '../../../test/fetch-stub'
import { renderRoutes } from '../../../test/render-routes'
import { DevicesList } from './devices-list'

const renderList = () => renderRoutes([{ path: '/items', element: <DevicesList /> }], '/items')

const devices = () => [
  itemResource('1', {
    name: 'Котел вдома',
    owner: 'Олена',
    status: 'on',
    created_at: '2024-03-05 10:00:00',
  }),
  itemResource('2', { name: 'Котел на дачі', status: 'pending', verification_token: 'K7Q2' }, '3'),
]

const twoDevices = (items = devices()) =>
  itemListDocument(items, [boilerCategory, categoryResource('3', 'Пелетний пальник')])

describe('DevicesList', () => {
  it('asks for all of the caller’s devices with their type and shows each as a card', async () => {
    const calls = stubFetch(() => ({ status: 200, body: twoDevices() }))
    renderList()

    const home = await screen.findByRole('article', { name: 'Котел вдома' })
    expect(calls[0]?.url).toBe('/api/v2/items?include=category&page%5Bsize%5D=100')
    expect(home.textContent).toContain('Олена')
    expect(home.textContent).toContain('Пелетний котел')
    expect(home.textContent).toContain("з'єднання встановлено")
    expect(home.textContent).toContain('Застосовано')
    expect(home.textContent).toContain('05.03.24')
    expect(within(home).getByRole('link', { name: 'Редагувати: Котел вдома' }).getAttribute('href')).toBe(
      '/items/edit/1',
    )

    const pending = screen.getByRole('article', { name: 'Котел на дачі' })
    expect(pending.textContent).toContain('очікуємо підтвердження (код: K7Q2)')
    expect(pending.textContent).toContain('Пелетний пальник')
  })

  it('gives a verified device a new pairing code and shows it; a pending one has no such button', async () => {
    const calls = stubFetch((call: StubbedCall) => {
      if (call.method === 'POST') {
        return { status: 200, body: { ...itemDocument(devices()[0]!), meta: { verification_token: 'R2D2' } } }
      }
      return { status: 200, body: twoDevices() }
    })
    renderList()
    const home = await screen.findByRole('article', { name: 'Котел вдома' })
    const pending = screen.getByRole('article', { name: 'Котел на дачі' })
    expect(within(pending).queryByRole('button', { name: /Новий код підключення/ })).toBeNull()

    await userEvent.click(within(home).getByRole('button', { name: 'Новий код підключення: Котел вдома' }))
    expect((await screen.findByTestId('verification-code')).textContent).toBe('R2D2')
    expect(screen.getByRole('dialog').textContent).toContain('попереднє підключення припиняється')
    expect(calls.find((call) => call.method === 'POST')?.url).toBe('/api/v2/items/1/pairing-code')
  })

  it('shows the empty state with a link to add a device', async () => {
    stubFetch(() => ({ status: 200, body: itemListDocument([]) }))
    renderList()

    expect(await screen.findByText('Пристроїв не знайдено')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Додати пристрій' }).getAttribute('href')).toBe('/items/new')
  })

  it('shows the loading state, then a load failure', async () => {
    stubFetch(() => ({ status: 500 }))
    renderList()

    expect(screen.getByText('Завантаження даних...')).toBeTruthy()
    expect(await screen.findByText('Помилка при завантаженні даних')).toBeTruthy()
  })

  it('deletes after confirmation, says so and reloads the list', async () => {
    let deleted = false
    const calls = stubFetch((call: StubbedCall) => {
      if (call.method === 'DELETE') {
        deleted = true
        return { status: 204 }
      }
      return { status: 200, body: twoDevices(deleted ? devices().slice(1) : devices()) }
    })
    const user = userEvent.setup()
    renderList()

    await user.click(await screen.findByRole('button', { name: 'Видалити: Котел вдома' }))
    const dialog = await screen.findByRole('dialog', { name: 'Ви впевнені?' })
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false)
    await user.click(within(dialog).getByRole('button', { name: 'Так, видалити' }))

    expect((await screen.findByRole('alert')).textContent).toContain('Пристрій успішно видалено!')
    expect(calls.find((call) => call.method === 'DELETE')?.url).toBe('/api/v2/items/1')
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Котел вдома' })).toBeNull())
    expect(screen.getByRole('article', { name: 'Котел на дачі' })).toBeTruthy()
  })

  it('names a device that is already gone, and any other failure', async () => {
    let status = 404
    stubFetch((call) => (call.method === 'DELETE' ? { status } : { status: 200, body: twoDevices() }))
    const user = userEvent.setup()
    renderList()

    await user.click(await screen.findByRole('button', { name: 'Видалити: Котел вдома' }))
    await user.click(await screen.findByRole('button', { name: 'Так, видалити' }))
    expect((await screen.findByRole('alert')).textContent).toContain('Пристрій не знайдено')

    status = 500
    await user.click(await screen.findByRole('button', { name: 'Видалити: Котел вдома' }))
    await user.click(await screen.findByRole('button', { name: 'Так, видалити' }))
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain('Помилка при видаленні пристрою'),
    )
  })

  it('keeps the device when the confirmation is cancelled', async () => {
    const calls = stubFetch(() => ({ status: 200, body: twoDevices() }))
    const user = userEvent.setup()
    renderList()

    await user.click(await screen.findByRole('button', { name: 'Видалити: Котел вдома' }))
    await user.click(await screen.findByRole('button', { name: 'Скасувати' }))

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(calls.every((call) => call.method === 'GET')).toBe(true)
  })
})
