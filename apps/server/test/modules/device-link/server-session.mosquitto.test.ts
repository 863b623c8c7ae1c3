import { randomBytes } from 'node:crypto'
import { DEMO_ACCOUNTS } from '@teplo/domain'
import { count, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../../src/app.ts'
import type { DatabaseHandle } from '../../../src/db/client.ts'
import { telemetry as telemetryTable } from '../../../src/db/schema.ts'
import {
  connectDevice,
  externalBroker,
  provisionDevice,
  publish,
  telemetry,
  waitFor,
} from '../../support/device-support.ts'
import { loginAs, openTestDatabase, testConfig } from '../../support/helper.ts'

const { deviceUrl: brokerUrl, serverUrl } = externalBroker()
const admin = DEMO_ACCOUNTS.find((a) => a.role === 'admin')!

// Issue: with an external broker, what was published while the only server instance restarted was acknowledged
// by the broker and lost (clean session, random client id). The server's session now outlives its restarts.
describe("the server's persistent session on an external broker", () => {
  let database: DatabaseHandle
  const apps: FastifyInstance[] = []
  afterAll(async () => {
    for (const app of apps) await app.close().catch(() => {})
    await database?.close()
  })

  const settings = {
    MQTT_ENABLED: 'true',
    MQTT_URL: serverUrl,
    MQTT_SHARE_GROUP: `test-${randomBytes(4).toString('hex')}`,
    MQTT_CLIENT_ID: `teplo-server-test-${randomBytes(4).toString('hex')}`,
    MQTT_SESSION_EXPIRY_SECONDS: '60',
  }

  async function start() {
    const app = await buildApp({ config: testConfig(settings), database })
    await app.ready()
    apps.push(app)
    return app
  }

  it('stores the readings published while the server was stopped, once it is back', async () => {
    database = await openTestDatabase()
    const first = await start()
    const dev = await provisionDevice(first, await loginAs(first, admin.email, admin.password))
    const device = await connectDevice(brokerUrl, dev)
    await publish(device, dev.serial, 'telemetry', telemetry({ seq: 1 }))
    await waitFor(
      async () => {
        await first.deviceLink!.settle()
        const [row] = await first.db
          .select({ n: count() })
          .from(telemetryTable)
          .where(eq(telemetryTable.itemId, dev.itemId))
        return (row?.n ?? 0) === 1
      },
      10_000,
      'the first reading',
    )
    await first.close()

    // The broker acknowledges these to the device while no server runs.
    const base = Date.now() - 30_000
    for (let seq = 2; seq <= 6; seq++) {
      await publish(
        device,
        dev.serial,
        'telemetry',
        telemetry({ seq, ts: new Date(base + seq * 1000).toISOString() }),
      )
    }

    const second = await start()
    const stored = await waitFor(
      async () => {
        await second.deviceLink!.settle()
        const [row] = await second.db
          .select({ n: count() })
          .from(telemetryTable)
          .where(eq(telemetryTable.itemId, dev.itemId))
        return (row?.n ?? 0) >= 6 && row?.n
      },
      15_000,
      'the readings published while the server was stopped',
    )
    expect(stored).toBe(6)
    await device.endAsync()
  })
})
