import { describe, expect, it } from 'vitest'
import { device, link, online, row, useDeviceLinkApp } from '../../support/device-link-harness.ts'
import { publish, readItem, telemetry } from '../../support/device-support.ts'

// The firmware a controller reports (telemetry and status, optional since v1) is kept on the item.
useDeviceLinkApp()

describe('firmware_version reported by a controller', () => {
  it('is stored from telemetry and status, kept when a message leaves it out, and shown on the item', async () => {
    const dev = await device()
    const client = await online(dev)
    expect((await readItem(link.app, link.adminToken, dev.itemId)).firmware_version).toBeNull()

    await publish(client, dev.serial, 'telemetry', telemetry({ seq: 1, firmware_version: '1.4.2' }))
    expect((await row(dev.itemId)).firmwareVersion).toBe('1.4.2')

    // An older controller (or one that leaves the field out) does not erase what is known.
    await publish(client, dev.serial, 'telemetry', telemetry({ seq: 2 }))
    expect((await row(dev.itemId)).firmwareVersion).toBe('1.4.2')
    // Read (and remembered by the item cache) just before the status brings a new version.
    expect((await readItem(link.app, link.adminToken, dev.itemId)).firmware_version).toBe('1.4.2')

    await publish(client, dev.serial, 'status', {
      state: 'online',
      ts: new Date().toISOString(),
      firmware_version: '1.5.0',
    })
    expect((await row(dev.itemId)).firmwareVersion).toBe('1.5.0')
    expect((await readItem(link.app, link.adminToken, dev.itemId)).firmware_version).toBe('1.5.0')
  })

  it('drops a telemetry message whose version is not a version and keeps the last one', async () => {
    const dev = await device()
    const client = await online(dev)
    await publish(client, dev.serial, 'telemetry', telemetry({ seq: 1, firmware_version: '2.0' }))
    await client.publishAsync(
      `teplo/v1/devices/${dev.serial}/telemetry`,
      JSON.stringify({ ...telemetry({ seq: 2 }), firmware_version: 'latest' }),
      { qos: 1 },
    )
    const item = await row(dev.itemId)
    expect(item.firmwareVersion).toBe('2.0')
    expect(item.lastDropReason).toContain('firmware_version')
  })
})
