import { randomBytes } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import { connect, connectAsync, type MqttClient } from 'mqtt'
import { afterEach, describe, expect, it } from 'vitest'
import type { IncomingDeviceMessage, Settle } from '../../../src/modules/device-link/device-transport.ts'
import { serverFilters } from '../../../src/modules/device-link/external-broker.ts'
import { drainLostSession } from '../../../src/modules/device-link/lost-session-drain.ts'
import { externalBroker, waitFor } from '../../support/device-support.ts'

const { serverUrl } = externalBroker()
const silentLog = { warn: () => {}, error: () => {}, info: () => {} } as unknown as FastifyBaseLogger

// Draining a lost instance's session on a real broker (ADR 043): what was dealt to it while it was away is
// handed to the ingest, and the session ends; a session in use is never fought for.
describe('draining a lost server session', () => {
  const clients: MqttClient[] = []
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.endAsync(true).catch(() => {})))
  })

  const ids = () => {
    const tag = randomBytes(4).toString('hex')
    return { group: `drain-${tag}`, lostId: `teplo-server-lost-${tag}`, serial: `9${Date.now() % 1e7}` }
  }
  const sessionOptions = (clientId: string) => ({
    clientId,
    protocolVersion: 5 as const,
    clean: false,
    properties: { sessionExpiryInterval: 120 },
    reconnectPeriod: 0,
  })

  /** A server instance that subscribed in its share group and vanished without a goodbye. */
  async function lostInstance(clientId: string, filters: string[]) {
    const client = await connectAsync(serverUrl, sessionOptions(clientId))
    await client.subscribeAsync(filters, { qos: 1 })
    client.stream.destroy()
    await new Promise((resolve) => setTimeout(resolve, 200))
  }

  async function publishReadings(serial: string, count: number) {
    const device = await connectAsync(serverUrl, { protocolVersion: 5, reconnectPeriod: 0 })
    clients.push(device)
    for (let seq = 1; seq <= count; seq++)
      await device.publishAsync(`teplo/v1/devices/${serial}/telemetry`, JSON.stringify({ seq }), { qos: 1 })
  }

  it('hands every queued message to the ingest, then ends the session: nothing more is dealt to it', async () => {
    const { group, lostId, serial } = ids()
    const filters = serverFilters(group)
    await lostInstance(lostId, filters)
    await publishReadings(serial, 40)

    const received: string[] = []
    const outcome = await drainLostSession({
      url: serverUrl,
      clientId: lostId,
      filters,
      sessionExpirySeconds: 120,
      log: silentLog,
      signal: new AbortController().signal,
      stillOurs: async () => true,
      quietMs: 500,
      onMessage: (message: IncomingDeviceMessage, settle: Settle) => {
        received.push(message.payload.toString())
        setTimeout(settle, 5)
      },
    })
    expect(outcome).toEqual({ result: 'ended', messages: 40, sessionPresent: true })
    expect(received).toHaveLength(40)

    // The session is gone: the same client id starts clean, and the broker kept nothing for it.
    const again = connect(serverUrl, sessionOptions(lostId))
    clients.push(again)
    let more = 0
    again.on('message', () => more++)
    const connack = await new Promise<{ sessionPresent: boolean }>((resolve) =>
      again.once('connect', resolve),
    )
    expect(connack.sessionPresent).toBe(false)
    await publishReadings(serial, 5)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(more).toBe(0)
  })

  it('gives the session up, unacknowledged messages and all, when another connection takes it', async () => {
    const { group, lostId, serial } = ids()
    const filters = serverFilters(group)
    await lostInstance(lostId, filters)
    await publishReadings(serial, 10)

    // The ingest never finishes: nothing is acknowledged before the owner comes back.
    let handed = 0
    const draining = drainLostSession({
      url: serverUrl,
      clientId: lostId,
      filters,
      sessionExpirySeconds: 120,
      log: silentLog,
      signal: new AbortController().signal,
      stillOurs: async () => true,
      onMessage: () => {
        handed++
      },
    })
    await waitFor(async () => handed === 10, 5000, 'the queued messages handed over')
    const owner = connect(serverUrl, sessionOptions(lostId))
    clients.push(owner)
    let redelivered = 0
    owner.on('message', () => redelivered++)
    let closes = 0
    owner.on('close', () => closes++)
    const outcome = await draining
    // Mosquitto 2.0 closes the previous connection without a DISCONNECT 0x8E (EMQX and HiveMQ send it).
    expect(['taken', 'closed']).toContain(outcome.result)
    expect(outcome.sessionPresent).toBe(true)
    // The owner, connected once and never thrown off, gets what the drain did not acknowledge.
    await waitFor(async () => redelivered === 10, 5000, 'the unacknowledged messages delivered to the owner')
    await new Promise((resolve) => setTimeout(resolve, 1000))
    expect(closes).toBe(0)
    expect(owner.connected).toBe(true)
  })

  it('leaves the session to its owner, with what was not yet written, once the lease says the owner is back', async () => {
    const { group, lostId, serial } = ids()
    const filters = serverFilters(group)
    await lostInstance(lostId, filters)
    await publishReadings(serial, 6)

    let ownerBack = false
    let handed = 0
    const outcome = await drainLostSession({
      url: serverUrl,
      clientId: lostId,
      filters,
      sessionExpirySeconds: 120,
      log: silentLog,
      signal: new AbortController().signal,
      stillOurs: async () => !ownerBack,
      leaseCheckMs: 100,
      onMessage: () => {
        handed++
        ownerBack = true
      },
    })
    expect(outcome).toEqual({ result: 'owner-back', messages: 6, sessionPresent: true })
    expect(handed).toBe(6)
    const owner = connect(serverUrl, sessionOptions(lostId))
    clients.push(owner)
    let redelivered = 0
    owner.on('message', () => redelivered++)
    const connack = await new Promise<{ sessionPresent: boolean }>((resolve) =>
      owner.once('connect', resolve),
    )
    expect(connack.sessionPresent).toBe(true)
    await waitFor(async () => redelivered === 6, 5000, 'the unwritten messages delivered to the owner')
  })
})
