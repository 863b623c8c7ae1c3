import { describe, expect, it } from 'vitest'
import { INSTALLATION_SETTING_LIMITS } from '../installation/installation'
import { CHANNEL_RULES } from './link-limits'
import { encodeDeviceMessage, parseDeviceMessage } from './message-map'

const announcement = {
  ts: '2026-11-29T07:00:00.000Z',
  circuits: [
    {
      n: 1,
      kind: 'radiators',
      name: 'Радіатори',
      flow_sensor: true,
      room_sensor: true,
      mixing_valve: true,
      pump: true,
    },
    { n: 2, kind: 'underfloor', flow_sensor: true, room_sensor: false, mixing_valve: true, pump: true },
  ],
  outdoor_sensor: true,
  buffer_tank: { top_sensor: true, bottom_sensor: false },
  hot_water: { boost: true, legionella: true },
  settings: { curve_slope: { min: 0.4, max: 2.5 }, heater_temp_set: { min: 40, max: 80 } },
}

const parse = (message: unknown) => parseDeviceMessage('capabilities', JSON.stringify(message))

describe('capabilities (the installation a controller announces)', () => {
  it('is a retained device-to-server message at QoS 1', () => {
    expect(CHANNEL_RULES.capabilities).toEqual({ direction: 'device-to-server', qos: 1, retain: true })
  })

  it('takes circuits, sensors, buffer tank, hot water and ranges, and round-trips', () => {
    const parsed = parse(announcement)
    expect(parsed).toEqual({ ok: true, message: announcement })
    if (parsed.ok)
      expect(JSON.parse(encodeDeviceMessage('capabilities', parsed.message))).toEqual(announcement)
  })

  it('takes a controller without circuits, buffer tank or hot water', () => {
    const bare = {
      ts: announcement.ts,
      circuits: [],
      outdoor_sensor: false,
      buffer_tank: null,
      hot_water: null,
      settings: {},
    }
    expect(parse(bare).ok).toBe(true)
  })

  it('drops members a newer controller adds instead of refusing the message', () => {
    const parsed = parse({
      ...announcement,
      solar_collector: true,
      circuits: [{ ...announcement.circuits[0], zone: 'A' }],
    })
    expect(parsed.ok).toBe(true)
    if (parsed.ok) {
      expect(parsed.message).not.toHaveProperty('solar_collector')
      expect(parsed.message.circuits[0]).not.toHaveProperty('zone')
    }
  })

  it('refuses repeated or out-of-range circuit numbers, unknown kinds and more than four circuits', () => {
    const circuit = announcement.circuits[0]
    expect(parse({ ...announcement, circuits: [circuit, circuit] })).toMatchObject({
      ok: false,
      reason: expect.stringContaining('circuit numbers repeat'),
    })
    expect(parse({ ...announcement, circuits: [{ ...circuit, n: 0 }] }).ok).toBe(false)
    expect(parse({ ...announcement, circuits: [{ ...circuit, n: 5 }] }).ok).toBe(false)
    expect(parse({ ...announcement, circuits: [{ ...circuit, kind: 'sauna' }] }).ok).toBe(false)
    const five = [1, 2, 3, 4, 5].map((n) => ({ ...circuit, n }))
    expect(parse({ ...announcement, circuits: five }).ok).toBe(false)
  })

  it('refuses a range for an unknown setting, outside the absolute limits, or upside down', () => {
    expect(parse({ ...announcement, settings: { sauna_temp: { min: 1, max: 2 } } })).toMatchObject({
      ok: false,
      reason: expect.stringContaining('unknown setting sauna_temp'),
    })
    const { max } = INSTALLATION_SETTING_LIMITS.curve_slope
    expect(parse({ ...announcement, settings: { curve_slope: { min: 0.5, max: max + 1 } } })).toMatchObject({
      ok: false,
      reason: expect.stringContaining('outside the absolute limits'),
    })
    expect(parse({ ...announcement, settings: { heater_temp_set: { min: 0, max: 81 } } }).ok).toBe(false)
    expect(parse({ ...announcement, settings: { flow_min: { min: 50, max: 30 } } }).ok).toBe(false)
  })

  it('refuses a message without its required members', () => {
    const { outdoor_sensor: _, ...missing } = announcement
    expect(parse(missing).ok).toBe(false)
    expect(parse({ ...announcement, ts: 'yesterday' }).ok).toBe(false)
  })
})
