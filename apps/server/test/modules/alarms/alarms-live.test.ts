import type { AddressInfo } from 'node:net'
import { DEMO_ACCOUNTS } from '@teplo/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectDevice, provisionDevice, publish, waitFor } from '../../support/device-support.ts'
import { readEvents } from '../../support/event-stream-reader.ts'
import { bearer, build, loginAs, type TestApp } from '../../support/helper.ts'

const admin = DEMO_ACCOUNTS.find((a) => a.role === 'admin')!
const plainUser = DEMO_ACCOUNTS.find((a) => a.role === 'user')!

let app: TestApp
let baseUrl: string
let adminToken: string
let userToken: string

beforeAll(async () => {
  app = await build({
    MQTT_ENABLED: 'true',
    MQTT_HOST: '127.0.0.1',
    MQTT_PORT: '0',
    ALARM_CHECK_SECONDS: '3600',
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
  adminToken = await loginAs(app, admin.email, admin.password)
  userToken = await loginAs(app, plainUser.email, plainUser.password)
})

afterAll(async () => {
  await app?.closeAll()
})

type Notice = {
  data: { attributes: { code: string; device_name: string; alarm_state: string } }[]
  meta: { unread: number }
}

/** The account stream (no item_id): each `event: notifications` as it arrives. */
async function accountStream(token: string) {
  const controller = new AbortController()
  const res = await fetch(`${baseUrl}/api/v2/live`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  })
  const notices: Notice[] = []
  const reading = readEvents(res, (event) => {
    if (event.event === 'notifications') notices.push(JSON.parse(event.data))
  })
  return {
    res,
    notices,
    close: async () => {
      controller.abort()
      await reading
    },
  }
}

describe('notifications on the live stream', () => {
  it("brings an account's new notification and unread count as the fault arrives, and nobody else's", async () => {
    await app.inject({ method: 'POST', url: '/api/v2/notifications/read-all', headers: bearer(adminToken) })
    const mine = await accountStream(adminToken)
    const theirs = await accountStream(userToken)
    try {
      expect(mine.res.status).toBe(200)
      await waitFor(() => mine.notices.length > 0 && theirs.notices.length > 0, 5000, 'the first notices')
      expect(mine.notices[0]!.meta.unread).toBe(0)
      const theirsBefore = theirs.notices.length

      const dev = await provisionDevice(app, adminToken)
      const client = await connectDevice(app.deviceLink!.transport.address, dev)
      try {
        const published = Date.now()
        await publish(client, dev.serial, 'events/error', {
          event_id: 'live-1',
          code: 'E2',
          ts: new Date().toISOString(),
          mode_status: 1,
          heater_temp: 50,
          boiler_temp: 45,
          gas_temp: 120,
          burner_power: 0,
          work_mode: 1,
        })
        const notice = await waitFor(
          () => mine.notices.find((n) => n.meta.unread === 1),
          5000,
          'the notification',
        )
        expect(Date.now() - published).toBeLessThan(5000)
        expect(notice.data[0]!.attributes).toMatchObject({ code: 'E2', device_name: `Котел ${dev.serial}` })
      } finally {
        await client.endAsync(true)
      }
      // Reading it is announced too (other tabs' bells follow), and so is its alarm acknowledged.
      await app.inject({ method: 'POST', url: '/api/v2/notifications/read-all', headers: bearer(adminToken) })
      await waitFor(() => mine.notices.at(-1)?.meta.unread === 0, 5000, 'the count back to 0')
      const alarms = await app.inject({
        method: 'GET',
        url: `/api/v2/items/${dev.itemId}/alarms`,
        headers: bearer(adminToken),
      })
      const alarmId = alarms.json<{ data: { id: string }[] }>().data[0]!.id
      await app.inject({
        method: 'POST',
        url: `/api/v2/items/${dev.itemId}/alarms/${alarmId}/acknowledge`,
        headers: bearer(adminToken),
      })
      await waitFor(
        () => mine.notices.at(-1)?.data[0]?.attributes.alarm_state === 'acknowledged',
        5000,
        'the acknowledgement announced',
      )
      expect(theirs.notices.length).toBe(theirsBefore)
    } finally {
      await mine.close()
      await theirs.close()
    }
  })

  it('refuses an anonymous account stream', async () => {
    const res = await fetch(`${baseUrl}/api/v2/live`)
    expect(res.status).toBe(401)
  })
})
