import { describe, expect, it } from 'vitest'
import { PrivateMosquitto } from '../test/support/mosquitto-dynsec.ts'
import { isJsonApiUnavailable, request } from '../test/support/server-process.ts'
import { PrivatePostgres, sleep } from './engines.ts'
import {
  adminToken,
  connected,
  deviceClient,
  registerDevice,
  removeDir,
  startServer,
  tempDir,
  useTeardown,
  verifyDevice,
} from './harness.ts'

describe('pairing while the broker (Mosquitto, dynamic security) is paused or stopped', () => {
  const { cleanups, clients } = useTeardown()

  it('answers 503 and changes nothing; the controller trying again pairs and connects; the server never exits', async () => {
    const broker = new PrivateMosquitto()
    await broker.prepare()
    await broker.start()
    cleanups.push(() => {
      broker.signal('SIGCONT')
      return broker.remove()
    })
    await broker.createServerAccount()
    const dataDir = await tempDir('pairing-broker')
    cleanups.push(() => removeDir(dataDir))
    // PostgreSQL, as a site with Mosquitto runs (and it starts faster than the embedded database on a busy host).
    const postgres = await PrivatePostgres.create()
    cleanups.push(() => postgres.destroy())
    const databaseUrl = await postgres.createDatabase('teplo_pairing')
    const server = await startServer(
      {
        dataDir,
        env: { DATABASE_URL: databaseUrl, MQTT_URL: broker.serverUrl, MQTT_DYNAMIC_SECURITY: 'true' },
      },
      cleanups,
    )
    const token = await adminToken(server.baseUrl)
    const device = await registerDevice(server.baseUrl, token)
    const status = async () => {
      const outcome = await request(server.baseUrl, { path: `/api/v2/items/${device.itemId}`, token })
      if (outcome.kind !== 'status') throw new Error(JSON.stringify(outcome))
      return (JSON.parse(outcome.body) as { data: { attributes: { status: string } } }).data.attributes.status
    }

    // Paused longer than the server waits for the broker's answer (5 s).
    broker.signal('SIGSTOP')
    const paused = await verifyDevice(server.baseUrl, device)
    expect(isJsonApiUnavailable(paused), JSON.stringify(paused)).toBe(true)
    expect(await status()).toBe('pending')
    await sleep(1000)
    broker.signal('SIGCONT')

    // The controller tries again with the same code: paired, and its new secret works at the broker, even if the
    // command sent while the broker was paused reached it meanwhile.
    let verified = await verifyDevice(server.baseUrl, device)
    for (let i = 0; i < 10 && verified.kind === 'status' && verified.status === 503; i++) {
      await sleep(1000)
      verified = await verifyDevice(server.baseUrl, device)
    }
    expect(verified.kind === 'status' && verified.status, JSON.stringify(verified)).toBe(200)
    const { password } = (
      JSON.parse((verified as { body: string }).body) as {
        data: { attributes: { password: string } }
      }
    ).data.attributes
    const client = deviceClient(broker.url, { serial: device.serial, password, itemId: device.itemId })
    clients.push(client)
    await connected(client, 15_000)

    // Stopped: another controller's pairing answers 503 at once and changes nothing.
    const other = await registerDevice(server.baseUrl, token)
    await broker.stop()
    const stopped = await verifyDevice(server.baseUrl, other)
    expect(isJsonApiUnavailable(stopped), JSON.stringify(stopped)).toBe(true)
    const otherItem = await request(server.baseUrl, { path: `/api/v2/items/${other.itemId}`, token })
    expect(otherItem.kind === 'status' && otherItem.body).toContain('"status":"pending"')
    expect(server.running).toBe(true)
  })
})
