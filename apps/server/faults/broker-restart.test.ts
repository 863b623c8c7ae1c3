import { type DesiredSettingsMessage, encodeDeviceMessage, topicFor } from '@teplo/domain'
import { describe, expect, it } from 'vitest'
import { request } from '../test/support/server-process.ts'
import { PrivateMosquitto, sleep } from './engines.ts'
import {
  adminToken,
  connected,
  deviceClient,
  provisionDevices,
  removeDir,
  startServer,
  tempDir,
  useTeardown,
  waitUntil,
} from './harness.ts'

type ItemAttributes = { heater_temp_set: number; sync_status: string; heater_temp: number | null }

describe('Mosquitto restarted', () => {
  const { cleanups, clients } = useTeardown()

  it('the device link and the devices reconnect; a setting changed meanwhile reaches the device', async () => {
    const broker = await PrivateMosquitto.create()
    cleanups.push(() => broker.destroy())
    const dataDir = await tempDir('broker-restart')
    cleanups.push(() => removeDir(dataDir))
    const server = await startServer(
      {
        dataDir,
        env: {
          MQTT_URL: `mqtt://teplo-server:secret@127.0.0.1:${broker.port}`,
          MQTT_CLIENT_ID: 'teplo-server-faults-restart',
        },
      },
      cleanups,
    )
    const token = await adminToken(server.baseUrl)
    const [device] = await provisionDevices(server.baseUrl, token, 1)
    const client = deviceClient(broker.url, device!)
    clients.push(client)
    await connected(client)
    const desired: DesiredSettingsMessage[] = []
    client.on('message', (topic, payload) => {
      if (topic === topicFor(device!.serial, 'settings/desired') && payload.length > 0)
        desired.push(JSON.parse(payload.toString()) as DesiredSettingsMessage)
    })
    await client.subscribeAsync(topicFor(device!.serial, 'settings/desired'), { qos: 1 })
    const readItem = async () => {
      const outcome = await request(server.baseUrl, { path: `/api/v2/items/${device!.itemId}`, token })
      if (outcome.kind !== 'status' || outcome.status !== 200) throw new Error(JSON.stringify(outcome))
      return (JSON.parse(outcome.body) as { data: { attributes: ItemAttributes } }).data.attributes
    }

    await broker.stop()
    // The owner changes a setting while the broker is down: the API accepts it.
    const patch = await request(server.baseUrl, {
      method: 'PATCH',
      path: `/api/v2/items/${device!.itemId}`,
      token,
      body: { heater_temp_set: 66 },
    })
    expect(patch).toMatchObject({ kind: 'status', status: 200 })
    await sleep(3000)
    await broker.start()

    // The device reconnects by itself and receives the change; the server hears it again.
    await connected(client)
    const delivered = await waitUntil(
      async () => desired.find((m) => m.settings.heater_temp_set === 66),
      30_000,
      'the changed desired settings at the device',
    )
    client.publish(
      topicFor(device!.serial, 'settings/ack'),
      encodeDeviceMessage('settings/ack', {
        version: delivered.version,
        result: 'applied',
        ts: new Date().toISOString(),
        applied: delivered.settings,
        applied_version: delivered.version,
      }),
      { qos: 1 },
    )
    await waitUntil(
      async () => (await readItem()).sync_status === 'synced',
      30_000,
      'the item synced after the ack through the restarted broker',
    )
    expect((await readItem()).heater_temp_set).toBe(66)
    expect(server.running).toBe(true)
  })
})
