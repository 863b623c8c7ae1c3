import { IDENTITY_CONFLICT_WINDOW_MINUTES } from '@teplo/domain'
import { describe, expect, it } from 'vitest'
import { nextIdentityState } from '../../../src/modules/device-link/identity-watch.ts'
import { alarmsOf, settleAlarms } from '../../support/alarms-support.ts'
import { device, link, online, row, useDeviceLinkApp } from '../../support/device-link-harness.ts'
import { publish, readItem, telemetry } from '../../support/device-support.ts'
import { bearer } from '../../support/helper.ts'

// Clone detection (ADR 037): two controllers with one device's credentials take its session from each other.
useDeviceLinkApp()

type Dev = Awaited<ReturnType<typeof device>>

/** One connection of a controller: CONNECT (taking the session over), then `status: online` with its boot id. */
async function connectAs(dev: Dev, bootId: string) {
  const client = await online(dev)
  await publish(client, dev.serial, 'status', {
    state: 'online',
    ts: new Date().toISOString(),
    boot_id: bootId,
  })
  return client
}

describe('clone detection', () => {
  it('two controllers taking turns raise the warning and the alarm; one restarting does not', async () => {
    const dev = await device()
    await connectAs(dev, 'boot-a')
    // A restart: a new boot, and a reconnect of that boot, are no takeover.
    await connectAs(dev, 'boot-b')
    await connectAs(dev, 'boot-b')
    expect(await row(dev.itemId)).toMatchObject({ identityTakeovers: 0, identityTakeoverAt: null })

    // The first controller comes back: one takeover, not yet a clone (a reordered message could do that).
    await connectAs(dev, 'boot-a')
    expect((await row(dev.itemId)).identityTakeovers).toBe(1)
    await settleAlarms(link.app)
    expect(await alarmsOf(link.app, dev.itemId, 'identity_conflict')).toHaveLength(0)
    expect(
      ((await readItem(link.app, link.adminToken, dev.itemId)).device_link as { identity_conflict: unknown })
        .identity_conflict,
    ).toBeNull()

    // And again: two controllers.
    await connectAs(dev, 'boot-b')
    const stored = await row(dev.itemId)
    expect(stored.identityTakeovers).toBe(2)
    const attributes = await readItem(link.app, link.adminToken, dev.itemId)
    expect((attributes.device_link as { identity_conflict: unknown }).identity_conflict).toEqual({
      takeovers: 2,
      last_takeover_at: expect.any(String),
    })
    await settleAlarms(link.app)
    const [alarm] = await alarmsOf(link.app, dev.itemId, 'identity_conflict')
    expect(alarm).toMatchObject({ value: 2, clearedAt: null })

    // An hour without a takeover: the warning goes and the alarm clears.
    const later = new Date(
      stored.identityTakeoverAt!.getTime() + IDENTITY_CONFLICT_WINDOW_MINUTES * 60_000 + 1000,
    )
    await link.app.alarms.engine.evaluate([dev.itemId], later)
    const [cleared] = await alarmsOf(link.app, dev.itemId, 'identity_conflict')
    expect(cleared!.clearedAt).not.toBeNull()
  })

  it('readings of two boots taking turns count too (a controller that sends no boot id with online)', async () => {
    const dev = await device()
    const start = Date.now() - 600_000
    let seq = 0
    for (const [i, bootId] of ['r-a', 'r-b', 'r-a', 'r-b'].entries()) {
      const client = await online(dev)
      seq += 1
      await publish(
        client,
        dev.serial,
        'telemetry',
        telemetry({ boot_id: bootId, seq, ts: new Date(start + i * 10_000).toISOString() }),
      )
      await row(dev.itemId)
    }
    expect((await row(dev.itemId)).identityTakeovers).toBe(2)
  })

  it('pairing again starts the count afresh', async () => {
    const dev = await device()
    for (const bootId of ['p-a', 'p-b', 'p-a', 'p-b']) await connectAs(dev, bootId)
    expect((await row(dev.itemId)).identityTakeovers).toBe(2)
    const code = await link.app.inject({
      method: 'POST',
      url: `/api/v2/items/${dev.itemId}/pairing-code`,
      headers: bearer(link.adminToken),
    })
    expect(code.statusCode).toBe(200)
    const token = code.json().meta.verification_token
    const verified = await link.app.inject({
      method: 'POST',
      url: '/api/v2/items/verify-token',
      payload: { serial_number: dev.serial, token },
      remoteAddress: '10.98.0.1',
    })
    expect(verified.statusCode).toBe(200)
    expect(await row(dev.itemId)).toMatchObject({
      identityTakeovers: 0,
      identityTakeoverAt: null,
      identityBootIds: null,
    })
  })
})

describe('nextIdentityState', () => {
  const t0 = new Date('2026-01-10T10:00:00Z')
  const at = (minutes: number) => new Date(t0.getTime() + minutes * 60_000)
  const empty = { bootIds: null, takeovers: 0, takeoverAt: null }

  it('counts a boot id that returns after another one, and starts again after the window', () => {
    let state = nextIdentityState(empty, 'a', at(0))
    state = nextIdentityState(state, 'b', at(1))
    expect(state).toMatchObject({ takeovers: 0, tookOver: false })
    state = nextIdentityState(state, 'a', at(2))
    expect(state).toMatchObject({ takeovers: 1, tookOver: true })
    state = nextIdentityState(state, 'b', at(3))
    expect(state).toMatchObject({ takeovers: 2, tookOver: true })
    // The same boot again is nothing; a takeover more than the window after the last starts at 1.
    expect(nextIdentityState(state, 'b', at(4))).toMatchObject({ takeovers: 2, tookOver: false })
    const late = nextIdentityState(state, 'a', at(3 + IDENTITY_CONFLICT_WINDOW_MINUTES + 1))
    expect(late).toMatchObject({ takeovers: 1, tookOver: true })
  })

  it('remembers a few boots, newest first', () => {
    let state = nextIdentityState(empty, 'a', at(0))
    for (const [i, id] of ['b', 'c', 'd', 'e'].entries()) state = nextIdentityState(state, id, at(i + 1))
    expect(state.bootIds.map((e) => e.id)).toEqual(['e', 'd', 'c', 'b'])
    // 'a' was forgotten: its return reads as a restart.
    expect(nextIdentityState(state, 'a', at(6)).tookOver).toBe(false)
  })
})
