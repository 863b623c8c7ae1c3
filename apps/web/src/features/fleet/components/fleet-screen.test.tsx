import { fleetListDocumentSchema } from '@teplo/domain'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { stubFetch } from '../../../test/fetch-stub'
import { renderRoutes } from '../../../test/render-routes'
import { FleetScreen } from './fleet-screen'

const DAY_MS = 86_400_000

// Parsed with the contract, so a fixture that drifts from the server's answer fails here.
const page = fleetListDocumentSchema.parse({
  data: [
    {
      type: 'fleet-devices',
      id: '7',
      attributes: {
        name: 'Котел на дачі',
        serial_number: '100007',
        owner: 'Петро',
        status: 'on',
        attention: 'ok',
        online: true,
        sync_status: 'synced',
        sync_reason: null,
        last_seen_at: null,
        access: 'installer',
        open_errors: 0,
        active_alarms: 0,
        maintenance_due_at: new Date(Date.now() - 3 * DAY_MS).toISOString(),
        maintenance_task: 'chimney_sweep',
      },
      links: { self: '/api/v2/items/7' },
    },
  ],
  meta: { page: { currentPage: 1, from: 1, to: 1, perPage: 25, lastPage: 1, total: 1 } },
  links: { first: '/api/v2/fleet', last: '/api/v2/fleet' },
})

describe('the installer’s fleet', () => {
  it('sorts by the maintenance due on request and names each boiler’s first task', {
    timeout: 10_000,
  }, async () => {
    const calls = stubFetch(() => ({ status: 200, body: page }))
    renderRoutes([{ path: '/fleet', element: <FleetScreen /> }], '/fleet')
    expect((await screen.findByTestId('fleet-maintenance')).textContent).toMatch(
      /^Обслуговування: прочистити димохід — прострочено з \d\d\.\d\d\.\d\d$/,
    )
    expect(new URL(calls.at(-1)!.url, 'http://localhost').searchParams.get('sort')).toBeNull()
    await userEvent.selectOptions(screen.getByLabelText('Упорядкувати'), 'Найближче обслуговування')
    await expect
      .poll(() => new URL(calls.at(-1)!.url, 'http://localhost').searchParams.get('sort'))
      .toBe('maintenance')
  })
})
