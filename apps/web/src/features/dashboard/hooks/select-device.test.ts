import type { ItemStatus } from '@teplo/domain'
import { describe, expect, it } from 'vitest'
import { dashboardDevices, defaultDevice, selectedDevice } from './select-device'

const device = (id: string, status: ItemStatus, isOnHomepage = false) => ({
  id,
  status,
  is_on_homepage: isOnHomepage,
})

describe('dashboard device selection (spec §2)', () => {
  it('opens the first non-pending device flagged for the home page', () => {
    const devices = [
      device('1', 'on'),
      device('2', 'pending', true),
      device('3', 'off', true),
      device('4', 'on', true),
    ]
    expect(defaultDevice(devices)?.id).toBe('3')
  })

  it('falls back to the first non-pending device when none is flagged', () => {
    expect(defaultDevice([device('1', 'pending'), device('2', 'connecting'), device('3', 'on')])?.id).toBe(
      '2',
    )
  })

  it('selects nothing when every device still awaits verification', () => {
    expect(defaultDevice([device('1', 'pending', true)])).toBeUndefined()
    expect(defaultDevice([])).toBeUndefined()
  })

  it('hides pending devices from the picker', () => {
    const shown = dashboardDevices([device('1', 'pending'), device('2', 'archive'), device('3', 'on')])
    expect(shown.map((d) => d.id)).toEqual(['2', '3'])
  })

  it("keeps the user's pick while it is shown, else returns to the default", () => {
    const devices = [device('1', 'on', true), device('2', 'off'), device('3', 'pending')]
    expect(selectedDevice(devices, '2')?.id).toBe('2')
    expect(selectedDevice(devices, '3')?.id).toBe('1')
    expect(selectedDevice(devices, 'gone')?.id).toBe('1')
    expect(selectedDevice(devices, null)?.id).toBe('1')
  })
})
