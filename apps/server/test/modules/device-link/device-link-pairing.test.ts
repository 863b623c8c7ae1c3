import { DEMO_ACCOUNTS } from '@teplo/domain'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { items } from '../../../src/db/schema.ts'
import { brokerLocation } from '../../../src/modules/device-link/broker-location.ts'
import { device, link, online, row, useDeviceLinkApp } from '../../support/device-link-harness.ts'
import { connectDevice, publish, telemetry, waitFor } from '../../support/device-support.ts'
import { bearer, loginAs } from '../../support/helper.ts'

// Conformance: re-pairing as an installer and a controller would do it, with a raw MQTT client.
useDeviceLinkApp()

const user = DEMO_ACCOUNTS.find((a) => a.role === 'user')!

let nextAddress = 1
const verifyToken = (serial: string, token: string) =>
  link.app.inject({
    method: 'POST',
    url: '/api/v2/items/verify-token',
    payload: { serial_number: serial, token },
    remoteAddress: `10.77.0.${nextAddress++}`,
  })

const newCode = (itemId: number, token = link.adminToken) =>
  link.app.inject({ method: 'POST', url: `/api/v2/items/${itemId}/pairing-code`, headers: bearer(token) })

describe('re-pairing', () => {
  it('a new code for a verified device issues new credentials; the old connection closes and its secret stops working', async () => {
    const dev = await device()
    const old = await online(dev)
    await publish(old, dev.serial, 'telemetry', telemetry())
    expect((await row(dev.itemId)).status).toBe('on')

    const issued = await newCode(dev.itemId)
    expect(issued.statusCode).toBe(200)
    const code = issued.json().meta.verification_token as string
    expect(code).toMatch(/^\S+$/)
    expect(issued.json().data.attributes).toMatchObject({ verification_token: code, status: 'on' })
    // Until a controller proves the code, the device keeps working with its secret.
    expect(old.connected).toBe(true)
    const status = await link.app.inject({
      method: 'POST',
      url: '/api/v2/items/verify',
      payload: { serial_number: dev.serial },
      remoteAddress: '10.77.1.1',
    })
    expect(status.json().meta.status).toBe('pending')

    const closed = new Promise<void>((resolve) => old.once('close', () => resolve()))
    const answer = await verifyToken(dev.serial, code)
    expect(answer.statusCode).toBe(200)
    const { password, broker } = answer.json().data.attributes
    expect(password).not.toBe(dev.password)
    expect(broker).toMatchObject({ host: expect.any(String), port: expect.any(Number), tls: false })
    await closed
    await expect(connectDevice(link.brokerUrl, dev)).rejects.toThrow(
      /Not authorized|Bad username or password/i,
    )
    const fresh = await online({ serial: dev.serial, password })
    await publish(fresh, dev.serial, 'telemetry', telemetry({ boot_id: 'boot-new', heater_temp: 44 }))
    expect(await row(dev.itemId)).toMatchObject({ heaterTemp: 44, verificationToken: null })

    // The answer was lost: the same code fetches it again (a fresh secret) within the window.
    const again = await verifyToken(dev.serial, code)
    expect(again.statusCode).toBe(200)
    await waitFor(() => !fresh.connected, 5000, 'connection with the replaced secret closed')
  })

  it('is for the owner or an administrator, only for a verified device', async () => {
    const dev = await device()
    const unauthenticated = await link.app.inject({
      method: 'POST',
      url: `/api/v2/items/${dev.itemId}/pairing-code`,
    })
    expect(unauthenticated.statusCode).toBe(401)
    const userToken = await loginAs(link.app, user.email, user.password)
    const stranger = await newCode(dev.itemId, userToken)
    expect(stranger.statusCode).toBe(404)
    expect((await row(dev.itemId)).verificationToken).toBeNull()

    const pending = await link.app.inject({
      method: 'POST',
      url: '/api/v2/items',
      headers: bearer(link.adminToken),
      payload: { owner: 'Тест', serial_number: '4400112233', category_id: 1 },
    })
    const pendingId = Number(pending.json().data.id)
    expect((await newCode(pendingId)).statusCode).toBe(409)
    await link.app.db.update(items).set({ status: 'archive' }).where(eq(items.id, dev.itemId))
    expect((await newCode(dev.itemId)).statusCode).toBe(409)
    expect(
      (
        await link.app.inject({
          method: 'POST',
          url: '/api/v2/items/abc/pairing-code',
          headers: bearer(link.adminToken),
        })
      ).statusCode,
    ).toBe(400)
  })
})

describe('broker location in the credentials answer', () => {
  it('names the embedded broker on the host the controller called', () => {
    expect(
      brokerLocation({
        publicUrl: undefined,
        externalUrl: undefined,
        embeddedPort: 1884,
        requestHost: 'teplo.example',
      }),
    ).toEqual({
      url: 'mqtt://teplo.example:1884',
      host: 'teplo.example',
      port: 1884,
      tls: false,
    })
  })

  it('prefers MQTT_PUBLIC_URL, then the external broker without its credentials', () => {
    expect(
      brokerLocation({
        publicUrl: 'mqtts://mqtt.teplo.example',
        externalUrl: 'mqtt://srv:pw@10.0.0.5:1883',
        embeddedPort: 1884,
        requestHost: 'x',
      }),
    ).toEqual({ url: 'mqtts://mqtt.teplo.example:8883', host: 'mqtt.teplo.example', port: 8883, tls: true })
    const external = brokerLocation({
      publicUrl: undefined,
      externalUrl: 'mqtt://srv:pw@broker.lan:1883',
      embeddedPort: 1884,
      requestHost: 'x',
    })
    expect(external).toEqual({ url: 'mqtt://broker.lan:1883', host: 'broker.lan', port: 1883, tls: false })
    expect(JSON.stringify(external)).not.toContain('pw')
  })
})
