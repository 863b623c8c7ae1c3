import { type HeatingInstallationResource, heatingInstallationResourceSchema } from '@teplo/domain'
import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { setToken } from '../../../lib/auth-token'
import { stubFetch } from '../../../test/fetch-stub'
import { renderRoutes } from '../../../test/render-routes'
import InstallationSection from './installation-section'

type Attributes = HeatingInstallationResource['attributes']

function installation(attributes: Partial<Attributes> = {}): HeatingInstallationResource {
  return heatingInstallationResourceSchema.parse({
    type: 'heating-installations',
    id: '7',
    attributes: {
      circuits: [
        {
          n: 1,
          kind: 'radiators',
          name: null,
          flow_sensor: true,
          room_sensor: true,
          mixing_valve: true,
          pump: true,
        },
        {
          n: 2,
          kind: 'underfloor',
          name: 'Ванна',
          flow_sensor: true,
          room_sensor: false,
          mixing_valve: true,
          pump: true,
        },
      ],
      outdoor_sensor: true,
      buffer_tank: { top_sensor: true, bottom_sensor: true },
      hot_water: { boost: true, legionella: false },
      settings: {},
      announced_at: '2026-11-29 07:00:00',
      received_at: '2026-11-29 07:00:01',
      readings: {
        at: '2026-11-29 07:05:10',
        circuits: [
          { n: 1, flow_temp: 52.1, room_temp: 21.4, valve_pos: 65, pump_on: true },
          { n: 2, flow_temp: 33.5, room_temp: null, valve_pos: 40, pump_on: false },
        ],
        buffer_top: 68.2,
        buffer_bottom: null,
      },
      ...attributes,
    },
    links: { self: '/api/v2/items/7/installation' },
  })
}

const render = () => renderRoutes([{ path: '/', element: <InstallationSection itemId="7" /> }], '/')

beforeEach(() => setToken('session'))

describe('InstallationSection', () => {
  it('shows each circuit with the readings its sensors give, the buffer tank and hot water', async () => {
    const calls = stubFetch(() => ({ status: 200, body: { data: installation() } }))
    render()
    const section = await screen.findByRole('region', { name: 'Опалювальна установка' })
    expect(calls[0]!.url).toContain('/api/v2/items/7/installation')
    const radiators = within(section).getByRole('region', { name: 'Радіатори' })
    expect(radiators.textContent).toContain('Контур 1')
    expect(radiators.textContent).toMatch(/Подача52,1 °C/)
    expect(radiators.textContent).toMatch(/У приміщенні21,4 °C/)
    expect(radiators.textContent).toMatch(/Змішувач65 %/)
    expect(radiators.textContent).toMatch(/Насоспрацює/)
    // The installer's name first, its kind beside the number; no room sensor, no room row.
    const floor = within(section).getByRole('region', { name: 'Ванна' })
    expect(floor.textContent).toContain('Контур 2 · Тепла підлога')
    expect(floor.textContent).not.toContain('У приміщенні')
    expect(floor.textContent).toMatch(/Насосстоїть/)
    const buffer = within(section).getByRole('region', { name: 'Буферна ємність' })
    expect(buffer.textContent).toMatch(/Верх68,2 °C/)
    expect(buffer.textContent).toMatch(/Низ—/)
    expect(section.textContent).toMatch(/Гаряча водаразовий нагрів/)
  })

  it('says so before the controller sent any readings', async () => {
    stubFetch(() => ({ status: 200, body: { data: installation({ readings: null, buffer_tank: null }) } }))
    render()
    const section = await screen.findByRole('region', { name: 'Опалювальна установка' })
    expect(section.textContent).toContain('Показників від контролера ще немає.')
    expect(within(section).queryByRole('region', { name: 'Буферна ємність' })).toBeNull()
    expect(within(section).getByRole('region', { name: 'Радіатори' }).textContent).toMatch(/Подача—/)
  })

  it('shows nothing for a controller that announced no installation', async () => {
    const calls = stubFetch(() => ({ status: 200, body: { data: null } }))
    render()
    await waitFor(() => expect(calls.length).toBeGreaterThan(0))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.queryByRole('region')).toBeNull()
    expect(document.body.textContent).toBe('')
  })
})
