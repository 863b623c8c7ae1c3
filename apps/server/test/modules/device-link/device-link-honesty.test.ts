import { readFileSync } from 'node:fs'
import { DEVICE_LINK } from '@teplo/domain'
import { eq, sql } from 'drizzle-orm'
import type { MqttClient } from 'mqtt'
import { describe, expect, it } from 'vitest'
import { itemErrors, items, telemetry as telemetryTable } from '../../../src/db/schema.ts'
import { correctDeviceTimes } from '../../../src/modules/device-link/device-clock.ts'
import {
  device,
  link,
  online,
  row,
  subscribedDevice,
  useDeviceLinkApp,
} from '../../support/device-link-harness.ts'
import { publish, readItem, telemetry, waitFor } from '../../support/device-support.ts'
import { bearer } from '../../support/helper.ts'

// Conformance: a raw MQTT client plays the controller against the embedded broker, as firmware would.
useDeviceLinkApp()

type Dev = Awaited<ReturnType<typeof device>>

async function patch(dev: Dev, body: Record<string, unknown>) {
  const res = await link.app.inject({
    method: 'PATCH',
    url: `/api/v2/items/${dev.itemId}`,
    headers: bearer(link.adminToken),
    payload: body,
  })
  expect(res.statusCode).toBe(200)
}

/** The item as the API answers once everything received so far is written. */
async function attributesOf(itemId: number) {
  await link.app.deviceLink!.settle()
  return readItem(link.app, link.adminToken, itemId)
}

async function rawPublish(client: MqttClient, serial: string, channel: string, body: unknown) {
  await client.publishAsync(`teplo/v1/devices/${serial}/${channel}`, JSON.stringify(body), { qos: 1 })
}

describe('sync honesty', () => {
  it('an applied ack with another value than asked is not synced; the API shows both values', async () => {
    const { dev, client, desired } = await subscribedDevice()
    await patch(dev, { heater_temp_set: 58 })
    const v2 = await waitFor(() => desired.find((m) => m.version === 2), 5000, 'version 2')
    await publish(client, dev.serial, 'settings/ack', {
      version: 2,
      result: 'applied',
      ts: new Date().toISOString(),
      applied: { ...v2.settings, heater_temp_set: 57 },
      applied_version: 2,
    })
    expect(await row(dev.itemId)).toMatchObject({ syncStatus: 'refused', appliedVersion: 2 })
    const attributes = await attributesOf(dev.itemId)
    expect(attributes).toMatchObject({
      sync_status: 'refused',
      sync_reason: 'heater_temp_set: застосовано 57 замість 58',
      heater_temp_set: 58,
      settings_version: 2,
      applied_version: 2,
      reported_settings: { heater_temp_set: 57, power: 'on' },
    })
    expect(attributes.reported_at).toEqual(expect.any(String))
    // The stored reason is a message: the API renders it in the language the request asks for.
    const english = await link.app.inject({
      method: 'GET',
      url: `/api/v2/items/${dev.itemId}`,
      headers: { ...bearer(link.adminToken), 'accept-language': 'en' },
    })
    expect(english.json().data.attributes.sync_reason).toBe('heater_temp_set: applied 57 instead of 58')
    const audit = await link.app.inject({
      method: 'GET',
      url: `/api/v2/items/${dev.itemId}/audit`,
      headers: { ...bearer(link.adminToken), 'accept-language': 'en' },
    })
    expect(audit.json().data[0].attributes).toMatchObject({
      outcome: 'refused',
      reason: 'heater_temp_set: applied 57 instead of 58',
    })

    // The same ack with the value asked is synced, and the reported value follows.
    await publish(client, dev.serial, 'settings/ack', {
      version: 2,
      result: 'applied',
      ts: new Date().toISOString(),
      applied: v2.settings,
      applied_version: 2,
    })
    expect(await attributesOf(dev.itemId)).toMatchObject({
      sync_status: 'synced',
      sync_reason: null,
      reported_settings: { heater_temp_set: 58 },
    })
  })

  it('a refusal keeps the values in effect, shown beside the desired ones', async () => {
    const { dev, client, desired } = await subscribedDevice()
    await patch(dev, { heater_temp_set: 77 })
    const v2 = await waitFor(() => desired.find((m) => m.version === 2), 5000, 'version 2')
    await publish(client, dev.serial, 'settings/ack', {
      version: 2,
      result: 'refused',
      reason: 'heater_temp_set: датчик несправний',
      ts: new Date().toISOString(),
      applied: { ...v2.settings, heater_temp_set: 70 },
      applied_version: 1,
    })
    expect(await attributesOf(dev.itemId)).toMatchObject({
      sync_status: 'refused',
      sync_reason: 'heater_temp_set: датчик несправний',
      heater_temp_set: 77,
      reported_settings: { heater_temp_set: 70 },
      settings_version: 2,
      applied_version: 1,
    })
  })

  it('accepts a refusal without a reason, or with one over 500 characters (cut), never leaving it pending', async () => {
    const { dev, client, desired } = await subscribedDevice()
    await patch(dev, { heater_temp_set: 66 })
    const v2 = await waitFor(() => desired.find((m) => m.version === 2), 5000, 'version 2')
    const refusal = {
      version: 2,
      result: 'refused',
      ts: new Date().toISOString(),
      applied: desired[0]!.settings,
      applied_version: 1,
    }
    await rawPublish(client, dev.serial, 'settings/ack', refusal)
    expect(await row(dev.itemId)).toMatchObject({ syncStatus: 'refused', syncError: null })

    await patch(dev, { heater_temp_set: 67 })
    await waitFor(() => desired.find((m) => m.version === 3), 5000, 'version 3')
    expect((await row(dev.itemId)).syncStatus).toBe('pending')
    await rawPublish(client, dev.serial, 'settings/ack', { ...refusal, version: 3, reason: 'ж'.repeat(900) })
    const item = await row(dev.itemId)
    expect(item.syncStatus).toBe('refused')
    expect(item.syncError).toBe('ж'.repeat(DEVICE_LINK.maxReasonLength))
    expect(v2.version).toBe(2)
  })

  it('telemetry reporting an older settings_version (0 after a factory reset) re-sends the desired set', async () => {
    const { dev, client, desired } = await subscribedDevice()
    await publish(client, dev.serial, 'settings/ack', {
      version: 1,
      result: 'applied',
      ts: new Date().toISOString(),
      applied: desired[0]!.settings,
      applied_version: 1,
    })
    await publish(client, dev.serial, 'telemetry', telemetry({ seq: 1, settings_version: 1 }))
    expect(await row(dev.itemId)).toMatchObject({ syncStatus: 'synced', appliedVersion: 1 })
    const before = desired.length

    await publish(
      client,
      dev.serial,
      'telemetry',
      telemetry({ boot_id: 'boot-reset', seq: 1, settings_version: 0 }),
    )
    expect(await row(dev.itemId)).toMatchObject({ syncStatus: 'pending', appliedVersion: 0 })
    await waitFor(() => desired.length > before, 5000, 'desired settings sent again')
    expect(desired.at(-1)).toMatchObject({ version: 1 })
    const attributes = await attributesOf(dev.itemId)
    expect(attributes).toMatchObject({ sync_status: 'pending', settings_version: 1, applied_version: 0 })

    // The device applies it again: synced.
    await publish(
      client,
      dev.serial,
      'telemetry',
      telemetry({ boot_id: 'boot-reset', seq: 2, settings_version: 1 }),
    )
    expect(await row(dev.itemId)).toMatchObject({ syncStatus: 'synced', appliedVersion: 1 })
  })
})

describe('32-bit limits', () => {
  it('drops versions and seq above 2^31-1 at validation, counted on the device, without a database error', async () => {
    const { dev, client, desired } = await subscribedDevice()
    const errors: unknown[] = []
    const original = link.app.log.error.bind(link.app.log)
    link.app.log.error = ((...args: unknown[]) => {
      errors.push(args)
      return (original as (...a: unknown[]) => void)(...args)
    }) as typeof link.app.log.error
    try {
      const huge = DEVICE_LINK.maxVersion + 1
      await rawPublish(client, dev.serial, 'settings/ack', {
        version: huge,
        result: 'applied',
        ts: new Date().toISOString(),
        applied: desired[0]!.settings,
        applied_version: huge,
      })
      await rawPublish(client, dev.serial, 'telemetry', telemetry({ settings_version: huge }))
      await rawPublish(client, dev.serial, 'telemetry', telemetry({ seq: huge }))
      const item = await row(dev.itemId)
      expect(item.dropCount).toBe(3)
      expect(item.lastDropReason).toMatch(/^invalid telemetry: seq: /)
      expect(item.heaterTemp).toBeNull()
    } finally {
      link.app.log.error = original
    }
    expect(errors).toEqual([])
    const attributes = await attributesOf(dev.itemId)
    expect(attributes.device_link).toMatchObject({
      dropped_messages: 3,
      last_drop_reason: expect.stringMatching(/seq/),
      last_drop_at: expect.any(String),
    })
  })
})

describe('device time', () => {
  it('stores a reading dated in the future at the receive time, flagged, and later readings still count', async () => {
    const dev = await device()
    const client = await online(dev)
    const started = Date.now()
    await publish(
      client,
      dev.serial,
      'telemetry',
      telemetry({ seq: 1, ts: '2030-01-01T00:00:00.000Z', heater_temp: 50 }),
    )
    let item = await row(dev.itemId)
    expect(item.heaterTemp).toBe(50)
    expect(item.telemetryAt!.getTime()).toBeGreaterThanOrEqual(started - 1000)
    expect(item.telemetryAt!.getTime()).toBeLessThanOrEqual(Date.now() + 1000)
    expect(item.clockCorrectedAt).not.toBeNull()

    // A new boot with a correct clock is not held back.
    await publish(client, dev.serial, 'telemetry', telemetry({ boot_id: 'boot-b', seq: 0, heater_temp: 51 }))
    item = await row(dev.itemId)
    expect(item).toMatchObject({ heaterTemp: 51, telemetryBootId: 'boot-b' })

    // A clock reset to 1970 after a reboot: stored at the receive time, ordered by seq within the boot.
    await publish(
      client,
      dev.serial,
      'telemetry',
      telemetry({ boot_id: 'boot-c', seq: 0, ts: '1970-01-01T00:00:05.000Z', heater_temp: 52 }),
    )
    await publish(
      client,
      dev.serial,
      'telemetry',
      telemetry({ boot_id: 'boot-c', seq: 1, ts: '1970-01-01T00:00:15.000Z', heater_temp: 53 }),
    )
    item = await row(dev.itemId)
    expect(item).toMatchObject({ heaterTemp: 53, telemetryBootId: 'boot-c', telemetrySeq: 1 })
    const stored = await link.app.db
      .select()
      .from(telemetryTable)
      .where(eq(telemetryTable.itemId, dev.itemId))
    for (const reading of stored) expect(reading.recordedAt.getFullYear()).toBe(new Date().getFullYear())
    const attributes = await attributesOf(dev.itemId)
    expect(attributes.device_link).toMatchObject({ clock_corrected_at: expect.any(String) })
  })

  it('a reading stored with a future time before this rule never freezes the device', async () => {
    const dev = await device()
    const client = await online(dev)
    await publish(client, dev.serial, 'telemetry', telemetry({ seq: 1, heater_temp: 40 }))
    await link.app.db
      .update(items)
      .set({ telemetryAt: new Date('2030-01-01T00:00:00Z'), telemetryBootId: 'old-boot' })
      .where(eq(items.id, dev.itemId))
    await publish(
      client,
      dev.serial,
      'telemetry',
      telemetry({ boot_id: 'boot-new', seq: 0, heater_temp: 41 }),
    )
    expect((await row(dev.itemId)).heaterTemp).toBe(41)
  })

  it('an error event dated 2099 is listed at its receive time, not on top for ever', async () => {
    const dev = await device()
    const client = await online(dev)
    await publish(client, dev.serial, 'events/error', {
      event_id: 'boot-a-1',
      code: 'E3',
      ts: '2099-01-01T00:00:00.000Z',
      mode_status: 1,
      heater_temp: 90,
      boiler_temp: 50,
      gas_temp: 200,
      burner_power: 0,
    })
    await link.app.deviceLink!.settle()
    const [stored] = await link.app.db.select().from(itemErrors).where(eq(itemErrors.itemId, dev.itemId))
    expect(Math.abs(stored!.errorTime.getTime() - Date.now())).toBeLessThan(60_000)
  })
})

describe('device time within one batch', () => {
  it('gives readings of one device received in the same millisecond distinct times, in arrival order', () => {
    const received = [1, 2, 3].map((seq) => ({
      channel: 'telemetry' as const,
      serial: '100001',
      message: telemetry({ seq, ts: '1970-01-01T00:00:00.000Z' }),
      receivedAt: Date.parse('2026-11-24T10:00:00.000Z'),
    }))
    const { batch, corrections } = correctDeviceTimes(received)
    expect(batch.map((r) => r.message.ts)).toEqual([
      '2026-11-24T10:00:00.000Z',
      '2026-11-24T10:00:00.001Z',
      '2026-11-24T10:00:00.002Z',
    ])
    expect(corrections).toHaveLength(3)
    expect(corrections[0]?.reason).toMatch(/not synchronised/)
  })
})

describe('data stored with future device times before the rule', () => {
  it('is re-dated by migration 0002: errors at their receive time, the live position at the last contact', async () => {
    const dev = await device()
    const [error] = await link.app.db
      .insert(itemErrors)
      .values({
        itemId: dev.itemId,
        errorCode: 'E3',
        errorTime: new Date('2099-01-01T00:00:00Z'),
        eventId: 'old-1',
      })
      .returning()
    await link.app.db
      .update(items)
      .set({ telemetryAt: new Date('2030-01-01T00:00:00Z'), lastSeenAt: new Date('2026-11-01T00:00:00Z') })
      .where(eq(items.id, dev.itemId))
    const file = new URL('../../../drizzle/0002_future_device_times.sql', import.meta.url)
    for (const statement of readFileSync(file, 'utf8').split('--> statement-breakpoint')) {
      await link.app.db.execute(sql.raw(statement))
    }
    const [fixed] = await link.app.db.select().from(itemErrors).where(eq(itemErrors.id, error!.id))
    expect(fixed!.errorTime.getTime()).toBe(fixed!.createdAt.getTime())
    expect((await row(dev.itemId)).telemetryAt?.toISOString()).toBe('2026-11-01T00:00:00.000Z')
  })
})
