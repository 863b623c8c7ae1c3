import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { boilerCategory, itemListDocument, itemResource } from '../../../lib/items/item-fixtures.test-data'
import { stubFetch } from '../../../test/fetch-stub'
import { renderRoutes } from '../../../test/render-routes'
import { ProfileDevices } from './profile-devices'

const renderDevices = () =>
  renderRoutes([{ path: '/profile', element: <ProfileDevices userId="4" /> }], '/profile')

describe('ProfileDevices', () => {
  it("lists the user's devices newest first, with their type, date and status", async () => {
    const calls = stubFetch(() => ({
      status: 200,
      body: itemListDocument(
        [
          itemResource('2', { name: 'Котел на дачі', status: 'pending', verification_token: 'K7Q2' }),
          itemResource('1', { name: 'Котел вдома', status: 'on', created_at: '2024-03-05 10:00:00' }),
        ],
        [boilerCategory],
      ),
    }))
    renderDevices()

    const rows = await screen.findAllByRole('listitem')
    const list = new URL(calls[0]!.url, 'http://localhost')
    expect(list.searchParams.get('filter[user_id]')).toBe('4')
    expect(list.searchParams.get('sort')).toBe('-created_at')
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('очікуємо підтвердження (код: K7Q2)'),
      expect.stringMatching(/^Котел вдомаПелетний котел · .*05\.03\.24.*з'єднання встановлено$/),
    ])
  })
})
