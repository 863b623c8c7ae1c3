import { type CapabilitiesMessage, DEMO_ACCOUNTS, topicFor } from '@teplo/domain'
import { startSimulator } from '@teplo/simulator'
import { afterEach, describe, expect, it } from 'vitest'
import { device, link, online, row, useDeviceLinkApp } from '../../support/device-link-harness.ts'
import { publish, telemetry, waitFor } from '../../support/device-support.ts'
import { bearer, loginAs } from '../../support/helper.ts'

// Conformance on the embedded broker (ADR 063): a controller announces its installation on `capabilities` with a
// raw MQTT client; GET /items/{id}/installation answers it; a controller that announces nothing keeps the
// single-boiler model.
useDeviceLinkApp()

const user = DEMO_ACCOUNTS.find((a) => a.role === 'user')!
const simulators: ReturnType<typeof startSimulator>[] = []
afterEach(async () => {
  await Promise.all(simulators.splice(0).map((simulator) => simulator.stop()))
})

const announcement = (overrides: Partial<CapabilitiesMessage> = {}): CapabilitiesMessage => ({
  ts: new Date().toISOString(),
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
  buffer_tank: { top_sensor: true, bottom_sensor: true },
  hot_water: { boost: true, legionella: false },
  settings: { curve_slope: { min: 0.4, max: 2.5 }, flow_max: { min: 25, max: 55 } },
  ...overrides,
})

const installation = (itemId: number | string, token = link.adminToken) =>
  link.app.inject({ method: 'GET', url: `/api/v2/items/${itemId}/installation`, headers: bearer(token) })

async function announced(itemId: number) {
  await link.app.deviceLink!.settle()
  const res = await installation(itemId)
  expect(res.statusCode).toBe(200)
  return res.json().data
}

describe('the installation a controller announces', () => {
  it('is stored from a raw capabilities message and answered by GET /items/{id}/installation', async () => {
    const dev = await device()
    const client = await online(dev)
    const message = announcement()
    await publish(client, dev.serial, 'capabilities', message, true)
    const data = await waitFor(() => announced(dev.itemId), 5000, 'installation stored')
    expect(data).toEqual({
      type: 'heating-installations',
      id: String(dev.itemId),
      attributes: {
        circuits: [{ ...message.circuits[0] }, { ...message.circuits[1], name: null }],
        outdoor_sensor: true,
        buffer_tank: { top_sensor: true, bottom_sensor: true },
        hot_water: { boost: true, legionella: false },
        settings: message.settings,
        announced_at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
        received_at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
        readings: null,
      },
      links: { self: `/api/v2/items/${dev.itemId}/installation` },
    })

    // The next announcement replaces it (an installer added a circuit, removed the buffer tank).
    const changed = announcement({
      circuits: [...message.circuits, { ...message.circuits[0]!, n: 3, name: 'Другий поверх' }],
      buffer_tank: null,
    })
    await publish(client, dev.serial, 'capabilities', changed, true)
    const replaced = await waitFor(async () => {
      const current = await announced(dev.itemId)
      return current.attributes.circuits.length === 3 && current
    })
    expect(replaced.attributes.buffer_tank).toBeNull()
  })

  it('carries the newest readings of its circuits and buffer tank from telemetry', async () => {
    const dev = await device()
    const client = await online(dev)
    await publish(client, dev.serial, 'capabilities', announcement(), true)
    await waitFor(() => announced(dev.itemId), 5000, 'installation stored')
    expect((await announced(dev.itemId)).attributes.readings).toBeNull()
    const now = Date.now()
    await publish(
      client,
      dev.serial,
      'telemetry',
      telemetry({
        seq: 2,
        ts: new Date(now).toISOString(),
        circuits: [
          { n: 2, flow_temp: 33.5, valve_pos: 40, pump_on: true },
          { n: 1, flow_temp: 52.1, room_temp: 21.4, valve_pos: 65, pump_on: true },
        ],
        buffer_top: 68.2,
        buffer_bottom: null,
      }),
    )
    const data = await waitFor(async () => {
      const current = await announced(dev.itemId)
      return current.attributes.readings && current
    })
    expect(data.attributes.readings).toEqual({
      at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      // In the announced order; a sensor the circuit lacks is null.
      circuits: [
        { n: 1, flow_temp: 52.1, room_temp: 21.4, valve_pos: 65, pump_on: true },
        { n: 2, flow_temp: 33.5, room_temp: null, valve_pos: 40, pump_on: true },
      ],
      buffer_top: 68.2,
      buffer_bottom: null,
    })
    // A late, older reading does not replace them; readings without installation members leave them as they are.
    await publish(
      client,
      dev.serial,
      'telemetry',
      telemetry({ seq: 1, ts: new Date(now - 60_000).toISOString(), buffer_top: 20 }),
    )
    await publish(
      client,
      dev.serial,
      'telemetry',
      telemetry({ seq: 3, ts: new Date(now + 1000).toISOString() }),
    )
    expect((await row(dev.itemId)).heaterTemp).toBe(61.5)
    expect((await announced(dev.itemId)).attributes.readings.buffer_top).toBe(68.2)
  })

  it('is null for a controller that never announced one, whose device stays as it was', async () => {
    const dev = await device()
    const client = await online(dev)
    await publish(client, dev.serial, 'telemetry', telemetry({ heater_temp: 55 }))
    expect((await row(dev.itemId)).heaterTemp).toBe(55)
    expect(await announced(dev.itemId)).toBeNull()
  })

  it('keeps the last good one when a message is refused, and takes none for another device', async () => {
    const dev = await device()
    const other = await device()
    const client = await online(dev)
    await publish(client, dev.serial, 'capabilities', announcement(), true)
    await waitFor(() => announced(dev.itemId), 5000, 'installation stored')

    const dropped = link.app.deviceLink!.queue.counts.dropped
    // A range outside the absolute limits, repeated circuits, and not JSON at all: each dropped with a reason.
    await client.publishAsync(
      topicFor(dev.serial, 'capabilities'),
      JSON.stringify(announcement({ settings: { curve_slope: { min: 0.1, max: 9 } } })),
      { qos: 1 },
    )
    const circuit = announcement().circuits[0]!
    await client.publishAsync(
      topicFor(dev.serial, 'capabilities'),
      JSON.stringify(announcement({ circuits: [circuit, circuit] })),
      { qos: 1 },
    )
    await client.publishAsync(topicFor(dev.serial, 'capabilities'), 'not json', { qos: 1 })
    await waitFor(() => link.app.deviceLink!.queue.counts.dropped >= dropped + 3, 5000, 'three dropped')
    const kept = await announced(dev.itemId)
    expect(kept.attributes.settings).toEqual(announcement().settings)
    expect(kept.attributes.circuits).toHaveLength(2)

    // Publishing on another device's capabilities topic is refused by the broker's rules.
    await client
      .publishAsync(topicFor(other.serial, 'capabilities'), JSON.stringify(announcement()), { qos: 1 })
      .catch(() => {})
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(await announced(other.itemId)).toBeNull()
  })

  it('is visible to whoever may see the device, and 404 to anyone else', async () => {
    const dev = await device()
    const client = await online(dev)
    await publish(client, dev.serial, 'capabilities', announcement(), true)
    await waitFor(() => announced(dev.itemId), 5000, 'installation stored')
    const stranger = await loginAs(link.app, user.email, user.password)
    const hidden = await installation(dev.itemId, stranger)
    expect(hidden.statusCode).toBe(404)
    expect(hidden.body).not.toContain('radiators')
    expect((await installation(2_000_000_000)).statusCode).toBe(404)
    expect((await installation('abc')).statusCode).toBe(400)
    const anonymous = await link.app.inject({
      method: 'GET',
      url: `/api/v2/items/${dev.itemId}/installation`,
    })
    expect(anonymous.statusCode).toBe(401)
  })

  it('is forgotten when the device is paired again: the new controller announces its own', async () => {
    const dev = await device()
    const client = await online(dev)
    await publish(client, dev.serial, 'capabilities', announcement(), true)
    await waitFor(() => announced(dev.itemId), 5000, 'installation stored')
    const issued = await link.app.inject({
      method: 'POST',
      url: `/api/v2/items/${dev.itemId}/pairing-code`,
      headers: bearer(link.adminToken),
    })
    expect(issued.statusCode).toBe(200)
    const verified = await link.app.inject({
      method: 'POST',
      url: '/api/v2/items/verify-token',
      payload: { serial_number: dev.serial, token: issued.json().meta.verification_token },
      remoteAddress: '10.78.0.1',
    })
    expect(verified.statusCode).toBe(200)
    await waitFor(async () => (await announced(dev.itemId)) === null, 5000, 'installation forgotten')
  })

  it('comes from the simulator with the circuits it models; without circuits it announces nothing', async () => {
    const [withCircuits, without] = [await device(), await device()]
    const simulator = startSimulator({
      url: link.brokerUrl,
      devices: [{ ...withCircuits, circuits: 2 }, without],
      intervalSeconds: 60,
    })
    simulators.push(simulator)
    await simulator.whenConnected()
    const data = await waitFor(() => announced(withCircuits.itemId), 5000, 'simulated installation')
    expect(data.attributes.circuits.map((c: { kind: string }) => c.kind)).toEqual(['radiators', 'underfloor'])
    expect(data.attributes).toMatchObject({
      outdoor_sensor: true,
      hot_water: { boost: true, legionella: true },
    })
    // Its telemetry carries the circuits' and the buffer tank's readings.
    const read = await waitFor(async () => (await announced(withCircuits.itemId)).attributes.readings)
    expect(read.circuits.map((c: { n: number }) => c.n)).toEqual([1, 2])
    expect(read.buffer_top).toEqual(expect.any(Number))
    await waitFor(async () => (await row(without.itemId)).status === 'on', 5000, 'the other online')
    expect(await announced(without.itemId)).toBeNull()
  })
})
