import { errorCodeAction, errorCodeDescription, itemErrorResourceSchema } from '@teplo/domain'
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { stubFetch } from '../../../test/fetch-stub'
import { renderRoutes } from '../../../test/render-routes'
import { itemErrorResource, listDocument } from '../../../test/resource-fixtures'
import { ActiveFaultsAlert } from './active-faults-alert'

const events = [
  itemErrorResource('3', { error_code: 'E7', error_time: '2024-03-05 10:09:00' }),
  itemErrorResource('2', { error_code: 'E1', error_time: '2024-03-05 10:08:00' }),
  itemErrorResource('1', { error_code: 'E1', error_time: '2024-03-05 09:00:00' }),
]

function renderAlert(rows = events) {
  const calls = stubFetch(() => ({
    status: 200,
    body: listDocument(itemErrorResourceSchema, rows, '/api/v2/item-errors'),
  }))
  renderRoutes([{ path: '/', element: <ActiveFaultsAlert itemId="5" /> }], '/')
  return calls
}

describe('ActiveFaultsAlert', () => {
  it('lists each active fault once with its description and what to do, and links to the device’s errors', async () => {
    const calls = renderAlert()

    const alert = await screen.findByRole('region', { name: 'Активні помилки: 3' }, { timeout: 5000 })
    const items = within(alert).getAllByRole('listitem')
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual([
      `E7: ${errorCodeDescription('E7')}`,
      `E1: ${errorCodeDescription('E1')}`,
    ])
    expect(items[0]!.textContent).toContain(`Що робити: ${errorCodeAction('E7')}`)
    expect(items[1]!.textContent).toMatch(/Разів: 2, востаннє \d\d\.03\.24 \d\d:08/)
    expect(within(alert).getByRole('link', { name: 'Усі помилки' }).getAttribute('href')).toBe(
      '/items/errors?device=5',
    )
    expect(calls[0]!.url).toContain('item_id=5')
  })

  it('shows nothing while the device has no active faults', async () => {
    const calls = renderAlert([])
    await screen.findByText((_, element) => element?.tagName === 'BODY', {}, { timeout: 3000 })
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(calls.length).toBeGreaterThan(0)
    expect(screen.queryByRole('region')).toBeNull()
  })
})
