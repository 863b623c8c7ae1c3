import { topicFor } from '@teplo/domain'
import mqtt from 'mqtt'
import { afterEach, describe, expect, it } from 'vitest'
import { PoisonRule } from '../src/poison'
import { type SimulatorHandle, startSimulator } from '../src/simulator'
import { SERVER_PASSWORD, SERVER_USER, startTestBroker, type TestBroker } from './test-broker'

const SERIAL = '710001'

let broker: TestBroker | undefined
let simulator: SimulatorHandle | undefined

afterEach(async () => {
  await simulator?.stop()
  await broker?.close()
  simulator = undefined
  broker = undefined
})

async function waitFor(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

describe('the poison-message rule', () => {
  it('drops a message the broker answers by closing the connection, after the second close, and goes on', async () => {
    let closes = 0
    // The broker closes the connection on any error event, as Mosquitto does on a forbidden publish.
    broker = await startTestBroker({ [SERIAL]: 'secret' }, 0, (topic) => {
      const poison = topic === topicFor(SERIAL, 'events/error')
      if (poison) closes += 1
      return poison
    })
    const server = await mqtt.connectAsync(broker.url, { username: SERVER_USER, password: SERVER_PASSWORD })
    const telemetry: string[] = []
    server.on('message', (topic, payload) => {
      if (topic === topicFor(SERIAL, 'telemetry')) telemetry.push(payload.toString())
    })
    await server.subscribeAsync(topicFor(SERIAL, 'telemetry'), { qos: 1 })
    simulator = startSimulator({
      url: broker.url,
      devices: [{ serial: SERIAL, password: 'secret' }],
      intervalSeconds: 1,
      reconnectPeriodMs: 50,
    })
    await simulator.whenConnected()
    const [device] = simulator.devices
    device!.inject('E3')
    await waitFor(() => device!.droppedMessages === 1, 'the poison message dropped')
    // Sent twice (the first time and once again after the reconnect), then never again.
    expect(closes).toBe(2)
    const before = telemetry.length
    await waitFor(() => telemetry.length >= before + 2 && device!.connected, 'telemetry flowing again')
    expect(closes).toBe(2)
    await server.endAsync()
  })
})

describe('PoisonRule', () => {
  it('drops the first unacknowledged message after two closes in a row, not the ones waiting behind it', () => {
    const rule = new PoisonRule()
    rule.sent(1)
    rule.sent(2)
    expect(rule.connectionClosed([1, 2])).toBeNull()
    // Resent after the reconnect, closed again: 1 goes, 2 stays.
    rule.sent(1)
    rule.sent(2)
    expect(rule.connectionClosed([1, 2])).toBe(1)
  })

  it('starts again when the first message was acknowledged in between (ids are reused)', () => {
    const rule = new PoisonRule()
    rule.sent(1)
    expect(rule.connectionClosed([1])).toBeNull()
    rule.sent(1)
    rule.acknowledged(1)
    rule.sent(2)
    expect(rule.connectionClosed([2])).toBeNull()
    // A close with nothing waiting breaks the row.
    expect(rule.connectionClosed([])).toBeNull()
    rule.sent(2)
    expect(rule.connectionClosed([2])).toBeNull()
    rule.sent(2)
    expect(rule.connectionClosed([2])).toBe(2)
  })
})
