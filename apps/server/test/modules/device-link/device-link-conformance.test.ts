import { deviceClientId, topicFor } from '@teplo/domain'
import { connect, type IClientOptions, type MqttClient } from 'mqtt'
import { describe, expect, it } from 'vitest'
import {
  device,
  link,
  online,
  readingsOf,
  row,
  track,
  useDeviceLinkApp,
} from '../../support/device-link-harness.ts'
import {
  connectDevice,
  provisionDevice,
  publish,
  readItem,
  telemetry,
  waitFor,
} from '../../support/device-support.ts'
import { bearer } from '../../support/helper.ts'

// Conformance on the embedded broker: what a firmware team sees with a raw MQTT client (no simulator).
useDeviceLinkApp()

/** A raw CONNECT; resolves with the CONNACK outcome instead of throwing. */
function tryConnect(
  options: IClientOptions,
): Promise<{ ok: boolean; code?: number; reason?: string; client: MqttClient }> {
  const client = connect(link.brokerUrl, { reconnectPeriod: 0, connectTimeout: 5000, ...options })
  return new Promise((resolve) => {
    client.once('connect', (connack) => resolve({ ok: true, client, code: connack.returnCode ?? 0 }))
    client.once('error', (err: Error & { code?: number }) => {
      client.end(true)
      resolve({ ok: false, code: err.code, reason: err.message, client })
    })
  })
}

const patchItem = (itemId: number, attributes: Record<string, unknown>) =>
  link.app.inject({
    method: 'PATCH',
    url: `/api/v2/items/${itemId}`,
    headers: { ...bearer(link.adminToken), 'content-type': 'application/json' },
    payload: attributes,
  })

const closedSoon = (client: MqttClient) =>
  new Promise<number>((resolve) => {
    const started = Date.now()
    client.once('close', () => resolve(Date.now() - started))
  })

describe('identity: user name = serial, client id = teplo-<serial>', () => {
  it("refuses another device's client id with CONNACK 2 and leaves that device connected", async () => {
    const victim = await device()
    const intruder = await device()
    const victimClient = await online(victim)
    const kicked = { value: false }
    victimClient.once('close', () => {
      kicked.value = true
    })

    const takeover = await tryConnect({
      clientId: deviceClientId(victim.serial),
      username: intruder.serial,
      password: intruder.password,
      clean: false,
    })
    expect(takeover).toMatchObject({ ok: false, code: 2 })
    for (const clientId of ['', 'teplo-', `teplo-${intruder.serial}x`, intruder.serial]) {
      const wrong = await tryConnect({ clientId, username: intruder.serial, password: intruder.password })
      expect(wrong, `client id "${clientId}"`).toMatchObject({ ok: false, code: 2 })
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(kicked.value).toBe(false)
    expect(victimClient.connected).toBe(true)

    const right = await tryConnect({
      clientId: deviceClientId(intruder.serial),
      username: intruder.serial,
      password: intruder.password,
    })
    expect(right.ok).toBe(true)
    track(right.client)
  })
})

describe('MQTT 5 on the embedded broker', () => {
  it('answers a v5 CONNECT with a v5 CONNACK 0x84 that says to use 3.1.1', async () => {
    const dev = await device()
    const v5 = await tryConnect({
      protocolVersion: 5,
      clientId: deviceClientId(dev.serial),
      username: dev.serial,
      password: dev.password,
    })
    expect(v5).toMatchObject({ ok: false, code: 0x84 })
    expect(v5.reason).toMatch(/Unsupported Protocol Version/i)
    // The same device with 3.1.1 connects.
    const v4 = await connectDevice(link.brokerUrl, dev, { protocolVersion: 4 })
    track(v4)
    expect(v4.connected).toBe(true)
  })
})

describe('archive and delete revoke the link at once', () => {
  it('archiving closes the open connection and refuses the next login; leaving the archive lets it back', async () => {
    const dev = await device()
    const client = await online(dev)
    const closed = closedSoon(client)
    expect((await patchItem(dev.itemId, { status: 'archive' })).statusCode).toBe(200)
    expect(await closed).toBeLessThan(2000)
    await expect(connectDevice(link.brokerUrl, dev)).rejects.toThrow(/Not authorized/)

    expect((await patchItem(dev.itemId, { status: 'on' })).statusCode).toBe(200)
    const back = await online(dev)
    expect(back.connected).toBe(true)
  })

  it('deleting closes the connection; the same serial created again starts with no session and no empty message', async () => {
    const dev = await device()
    const first = await online(dev)
    await first.subscribeAsync(topicFor(dev.serial, 'settings/desired'), { qos: 1 })
    // The session persists (clean session false) while the device is away.
    await first.endAsync()

    const deleted = await link.app.inject({
      method: 'DELETE',
      url: `/api/v2/items/${dev.itemId}`,
      headers: bearer(link.adminToken),
    })
    expect(deleted.statusCode).toBe(204)
    await link.app.deviceLink!.settle()

    const again = await provisionDevice(link.app, link.adminToken, dev.serial)
    await link.app.deviceLink!.settle()
    const received: { topic: string; length: number }[] = []
    let sessionPresent: boolean | undefined
    const fresh = await connectDevice(link.brokerUrl, again, {}, (client) => {
      client.once('connect', (connack) => {
        sessionPresent = connack.sessionPresent
      })
      client.on('message', (topic, payload) => received.push({ topic, length: payload.length }))
    })
    track(fresh)
    // session present 0: nothing of the deleted device's session is inherited.
    expect(sessionPresent).toBe(false)
    await fresh.subscribeAsync(topicFor(again.serial, 'settings/desired'), { qos: 1 })
    await waitFor(() => received.length > 0, 5000, 'the new desired settings')
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(received.every((message) => message.length > 0)).toBe(true)
  })
})

describe('packet size limit', () => {
  it('closes a connection that sends a packet over 64 KiB before storing anything', async () => {
    const dev = await device()
    const client = await online(dev)
    const closed = closedSoon(client)
    client.publish(topicFor(dev.serial, 'telemetry'), Buffer.alloc(70_000, 0x61), { qos: 1 })
    await closed
    expect(await readingsOf(dev.itemId)).toBe(0)
  })

  it('keeps a connection whose packet is within the limit (an oversized payload is dropped and counted)', async () => {
    const dev = await device()
    const client = await online(dev)
    await client.publishAsync(topicFor(dev.serial, 'telemetry'), Buffer.alloc(60_000, 0x61), { qos: 1 })
    expect(client.connected).toBe(true)
    await publish(client, dev.serial, 'telemetry', telemetry())
    expect(await readingsOf(dev.itemId)).toBe(1)
    expect((await row(dev.itemId)).dropCount).toBe(1)
  })
})

describe('forbidden publish', () => {
  it("is acknowledged and dropped, the connection stays, and it is counted on the sender's device", async () => {
    const intruder = await device()
    const victim = await device()
    const client = await online(intruder)
    let closed = false
    client.once('close', () => {
      closed = true
    })
    for (const topic of [
      topicFor(victim.serial, 'telemetry'),
      topicFor(intruder.serial, 'settings/desired'),
      'teplo/v1/devices/other',
    ]) {
      // PUBACK as for any message; nothing reaches the server.
      await client.publishAsync(topic, JSON.stringify(telemetry({ heater_temp: 99 })), {
        qos: 1,
        retain: true,
      })
    }
    expect(closed).toBe(false)
    const victimRow = await row(victim.itemId)
    expect(victimRow.telemetryAt).toBeNull()
    expect(await readingsOf(victim.itemId)).toBe(0)
    const attributes = await readItem(link.app, link.adminToken, intruder.itemId)
    expect(attributes.device_link).toMatchObject({
      dropped_messages: 3,
      last_drop_reason: expect.stringMatching(/publish refused/),
    })
    // Its own topics still work on the same connection.
    await publish(client, intruder.serial, 'telemetry', telemetry({ heater_temp: 55 }))
    expect((await row(intruder.itemId)).heaterTemp).toBe(55)
  })
})
