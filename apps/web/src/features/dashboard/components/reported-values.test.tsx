import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { setLanguage } from '../../../lib/i18n'
import { toDevice } from '../../../lib/items/item-document'
import { itemResource } from '../../../lib/items/item-fixtures.test-data'
import { renderRoutes } from '../../../test/render-routes'
import { DeviceState } from './device-state'

function renderState(attributes: Parameters<typeof itemResource>[1]) {
  const device = toDevice(itemResource('7', { status: 'on', ...attributes }))
  renderRoutes([{ path: '/', element: <DeviceState device={device} /> }], '/')
}

const reported = (values: Record<string, unknown>) =>
  ({
    reported_at: '2026-11-24 10:00:00',
    reported_settings: { power: 'on', heater_temp_set: 60, ...values },
  }) as Parameters<typeof itemResource>[1]

describe('desired beside reported values', () => {
  it('shows what the boiler runs with beside what is desired, with the refusal reason', () => {
    renderState({
      heater_temp_set: 77,
      sync_status: 'refused',
      sync_reason: 'датчик несправний',
      ...reported({ heater_temp_set: 70, pump_mode: 3 }),
    })
    const text = screen.getByRole('alert').textContent
    expect(text).toContain('Котел працює не з тими значеннями, що задано')
    expect(text).toContain(
      'Температура котла (Задана температура, °C): задано 77 °C — котел працює на 70 °C: відхилено: датчик несправний',
    )
    // Every differing setting of the registry, not only temperatures.
    expect(text).toMatch(/Режим насосів \(Режим насосів\): задано .+ — котел працює на .+/)
  })

  it('shows nothing while the values in effect are the desired ones, or before the controller reported', () => {
    renderState({ heater_temp_set: 60, ...reported({ pump_mode: 1 }) })
    expect(screen.queryByRole('alert')).toBeNull()
    renderState({ heater_temp_set: 77, reported_settings: null })
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('names the settings, their units and the pump modes in English on an English screen', async () => {
    await setLanguage('en')
    renderState({ burner_power_set: 20, pump_mode: 1, ...reported({ burner_power_set: 15, pump_mode: 3 }) })
    const text = screen.getByRole('alert').textContent
    expect(text).toContain('(Power, kW)')
    expect(text).toMatch(/20 kW.+15 kW/)
    expect(text).toMatch(/\(Pump mode\).+Tank \+ heating.+Heating/)
    expect(text).not.toMatch(/кВт|Б\+К|Режим/)
  })
})

describe('two controllers with one identity', () => {
  const link = {
    dropped_messages: 0,
    last_drop_reason: null,
    last_drop_at: null,
    clock_corrected_at: null,
  }

  it('warns the owner while the server sees two controllers take turns', () => {
    renderState({
      device_link: {
        ...link,
        identity_conflict: { takeovers: 3, last_takeover_at: '2026-11-24 10:00:00' },
      },
    } as Parameters<typeof itemResource>[1])
    expect(screen.getByRole('alert').textContent).toContain(
      'Цей котел по черзі підключають два різні контролери з тими самими даними входу (3 перехоплень',
    )
  })

  it('says nothing otherwise', () => {
    renderState({ device_link: { ...link, identity_conflict: null } } as Parameters<typeof itemResource>[1])
    expect(screen.queryByRole('alert')).toBeNull()
  })
})
