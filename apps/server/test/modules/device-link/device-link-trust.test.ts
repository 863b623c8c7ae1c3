import { deviceClientId, topicFor } from '@teplo/domain'
import { connect, type IClientOptions, type MqttClient } from 'mqtt'
import { describe, expect, it } from 'vitest'
import { formatDate } from '../../../src/lib/jsonapi.ts'
import { alarmsOf, readings, settleAlarms } from '../../support/alarms-support.ts'
import { device, link, online, row, track, useDeviceLinkApp } from '../../support/device-link-harness.ts'
import { inbox, publish, telemetry, waitFor } from '../../support/device-support.ts'
import { bearer } from '../../support/helper.ts'

// Conformance on the embedded broker with a raw MQTT client: sign-in limits, resends (issue 28).
useDeviceLinkApp({ DEVICE_RESEND_SECONDS: '1' })

function tryConnect(options: IClientOptions): Promise<{ ok: boolean; code?: number; client: MqttClient }> {
  const client = connect(link.brokerUrl, {
    reconnectPeriod: 0,
    connectTimeout: 5000,
    clean: false,
    ...options,
  })
  return new Promise((resolve) => {
    client.once('connect', () => resolve({ ok: true, client: track(client) }))
    client.once('error', (err: Error & { code?: number }) => {
      client.end(true)
      resolve({ ok: false, code: err.code, client })
    })
  })
}

const login = (serial: string, password: string) =>
  tryConnect({ clientId: deviceClientId(serial), username: serial, password })

const patchItem = (itemId: number, attributes: Record<string, unknown>) =>
  link.app.inject({
    method: 'PATCH',
    url: `/api/v2/items/${itemId}`,
    headers: { ...bearer(link.adminToken), 'content-type': 'application/json' },
    payload: attributes,
  })

describe('sign-in limits per identity', () => {
  it("a re-paired controller's old secret, retried, never locks out its new secret or a neighbour", async () => {
    const dev = await device()
    const neighbour = await device()
    const code = (
      await link.app.inject({
        method: 'POST',
        url: `/api/v2/items/${dev.itemId}/pairing-code`,
        headers: bearer(link.adminToken),
      })
    ).json().meta.verification_token as string
    const answer = await link.app.inject({
      method: 'POST',
      url: '/api/v2/items/verify-token',
      payload: { serial_number: dev.serial, token: code },
      remoteAddress: '10.28.3.1',
    })
    const renewed = answer.json().data.attributes.password as string

    // The old board keeps retrying its revoked secret from the same address as everyone else.
    const codes: (number | undefined)[] = []
    for (let i = 0; i < 12; i++) codes.push((await login(dev.serial, dev.password)).code)
    expect(codes.slice(0, 5)).toEqual(Array(5).fill(4))
    expect(codes.slice(5)).toEqual(Array(7).fill(3))

    expect((await login(dev.serial, renewed)).ok).toBe(true)
    expect((await login(neighbour.serial, neighbour.password)).ok).toBe(true)
  })
})

describe('resending desired settings on older settings_version telemetry', () => {
  it('resends to a pending device reporting an older version, at most once per interval', async () => {
    const dev = await device()
    const client = await online(dev)
    const desired = topicFor(dev.serial, 'settings/desired')
    const received: { version: number; at: number }[] = []
    client.on('message', (topic, payload) => {
      if (topic === desired)
        received.push({ version: JSON.parse(payload.toString()).version, at: Date.now() })
    })
    await client.subscribeAsync(desired, { qos: 1 })
    await waitFor(() => received.length === 1, 10_000, 'the retained desired set')
    expect((await patchItem(dev.itemId, { heater_temp_set: 63 })).statusCode).toBe(200)
    await waitFor(() => received.length === 2, 5000, 'the changed set')
    expect(received[1]!.version).toBe(2)

    // The controller lost it and keeps reporting version 1 every 100 ms; the item stays pending.
    const until = Date.now() + 2500
    for (let seq = 1; Date.now() < until; seq++) {
      await publish(client, dev.serial, 'telemetry', telemetry({ seq, settings_version: 1 }))
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    await waitFor(() => received.length >= 3, 5000, 'a resend')
    expect(await row(dev.itemId)).toMatchObject({ syncStatus: 'pending', settingsVersion: 2 })
    const sends = received.slice(1)
    expect(sends.every((send) => send.version === 2)).toBe(true)
    // DEVICE_RESEND_SECONDS=1: never two sends within a second (25 readings would otherwise mean 25 sends).
    for (let k = 1; k < sends.length; k++) {
      expect(sends[k]!.at - sends[k - 1]!.at).toBeGreaterThanOrEqual(900)
    }
  })

  it('resends to a synced device that reports 0 after a factory reset, and marks it pending', async () => {
    const dev = await device()
    const client = await online(dev)
    const desired = topicFor(dev.serial, 'settings/desired')
    const received = inbox(client, desired) as { version: number }[]
    await client.subscribeAsync(desired, { qos: 1 })
    await waitFor(() => received.length === 1, 10_000, 'the retained desired set')
    await publish(client, dev.serial, 'telemetry', telemetry({ seq: 1, settings_version: 1 }))
    expect((await row(dev.itemId)).syncStatus).toBe('synced')

    // At once: the device fell behind a version it had confirmed.

    await publish(
      client,
      dev.serial,
      'telemetry',
      telemetry({ boot_id: 'boot-b', seq: 1, settings_version: 0 }),
    )
    await waitFor(() => received.length === 2, 5000, 'a resend')
    expect(received[1]!.version).toBe(1)
    expect((await row(dev.itemId)).syncStatus).toBe('pending')
  })
})

describe('errors that end (telemetry active_errors)', () => {
  const errorEvent = (client: MqttClient, serial: string, code: 'E6' | 'E3', id: string, ts: number) =>
    publish(client, serial, 'events/error', {
      event_id: id,
      code,
      ts: new Date(ts).toISOString(),
      mode_status: 1,
      heater_temp: 60,
      boiler_temp: 50,
      gas_temp: 150,
      burner_power: 40,
    })
  const errorsOf = async (itemId: number) => {
    const res = await link.app.inject({
      method: 'GET',
      url: `/api/v2/item-errors?item_id=${itemId}`,
      headers: bearer(link.adminToken),
    })
    expect(res.statusCode).toBe(200)
    return res.json().data as { attributes: { error_code: string; ended_at: string | null } }[]
  }

  it('ends an error the controller no longer lists, clears its alarm at once and lists it with its end time', async () => {
    const dev = await device()
    const client = await online(dev)
    const start = Date.now() - 60_000
    const send = readings(client, dev.serial, start)
    await send({ burner_on: true, active_errors: [] })
    // E6 does not stop the burner: only the controller can say when it is over.
    await errorEvent(client, dev.serial, 'E6', 'end-1', start + 12_000)
    await errorEvent(client, dev.serial, 'E3', 'end-2', start + 13_000)
    await send({ burner_on: true, active_errors: ['E6', 'E3'] })
    await settleAlarms(link.app)
    expect((await alarmsOf(link.app, dev.itemId, 'device_error')).map((a) => [a.code, a.clearedAt])).toEqual([
      ['E6', null],
      ['E3', null],
    ])
    expect((await errorsOf(dev.itemId)).map((e) => e.attributes.ended_at)).toEqual([null, null])

    await send({ burner_on: true, active_errors: ['E3'] })
    await settleAlarms(link.app)
    const [e6, e3] = await alarmsOf(link.app, dev.itemId, 'device_error')
    expect(e6!.clearedAt).not.toBeNull()
    expect(e3!.clearedAt).toBeNull()
    const listed = await errorsOf(dev.itemId)
    const ended = listed.find((e) => e.attributes.error_code === 'E6')!
    // The reading's time (device clock, third reading) is the end; the list keeps the ended error.
    expect(ended.attributes.ended_at).toBe(formatDate(new Date(start + 30_000)))
    expect(listed.find((e) => e.attributes.error_code === 'E3')!.attributes.ended_at).toBeNull()
  })

  it('keeps the hold-time rule for a controller that does not send the list', async () => {
    const dev = await device()
    const client = await online(dev)
    const start = Date.now() - 60_000
    const send = readings(client, dev.serial, start)
    await send({ burner_on: false })
    await errorEvent(client, dev.serial, 'E6', 'old-1', start + 12_000)
    await send({ burner_on: false })
    await send({ burner_on: false })
    await settleAlarms(link.app)
    const [alarm] = await alarmsOf(link.app, dev.itemId, 'device_error')
    expect(alarm).toMatchObject({ code: 'E6', clearedAt: null, clearPendingSince: null })
    expect((await errorsOf(dev.itemId))[0]!.attributes.ended_at).toBeNull()
    expect((await row(dev.itemId)).activeErrors).toBeNull()
  })
})
