import { type SimulatorHandle, startSimulator } from '@teplo/simulator'
import { eq, sql } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { items } from '../../../src/db/schema.ts'
import { alarmsOf, settleAlarms } from '../../support/alarms-support.ts'
import { device, link, useDeviceLinkApp } from '../../support/device-link-harness.ts'
import { waitFor } from '../../support/device-support.ts'

// Alarms raised and cleared by a simulated boiler's own traffic (its physics at 60× speed, readings every 200 ms).
useDeviceLinkApp({ ALARM_CLEAR_SECONDS: '1', ALARM_CHECK_SECONDS: '3600', NOTIFY_RETRY_SECONDS: '3600' })

let simulator: SimulatorHandle | null = null
afterEach(async () => {
  await simulator?.stop()
  simulator = null
})

async function simulated() {
  const dev = await device()
  simulator = startSimulator({
    url: link.brokerUrl,
    devices: [{ serial: dev.serial, password: dev.password }],
    intervalSeconds: 0.2,
    speed: 60,
  })
  await simulator.whenConnected()
  return { ...dev, sim: simulator }
}

/** Waits until the device has an alarm of the kind in the wanted state (open: not cleared). */
async function alarmBecomes(itemId: number, kind: string, open: boolean, timeoutMs = 15_000) {
  return waitFor(
    async () => {
      await settleAlarms(link.app)
      const rows = await alarmsOf(link.app, itemId, kind)
      const last = rows.at(-1)
      return last && (last.clearedAt === null) === open ? rows : undefined
    },
    timeoutMs,
    `${kind} ${open ? 'raised' : 'cleared'}`,
  )
}

describe('faults injected on a simulated boiler', () => {
  it('overheat and frost: raised while forced, cleared when the boiler is back to normal', async () => {
    const dev = await simulated()
    dev.sim.setCondition(dev.serial, 'overheat')
    expect(await alarmBecomes(dev.itemId, 'overheat', true)).toHaveLength(1)
    dev.sim.setCondition(dev.serial, 'frost')
    await alarmBecomes(dev.itemId, 'overheat', false)
    expect(await alarmBecomes(dev.itemId, 'frost', true)).toHaveLength(1)
    dev.sim.clearCondition(dev.serial)
    await alarmBecomes(dev.itemId, 'frost', false)
  }, 40_000)

  it('a controller error: raised once, cleared after the reset boiler fires again for the hold', async () => {
    const dev = await simulated()
    dev.sim.inject(dev.serial, 'E1')
    const raised = await alarmBecomes(dev.itemId, 'device_error', true)
    expect(raised[0]).toMatchObject({ code: 'E1' })
    // The panel switch off and on resets the error; the boiler lights again.
    dev.sim.setPower(dev.serial, 'off')
    dev.sim.setPower(dev.serial, 'on')
    const cleared = await alarmBecomes(dev.itemId, 'device_error', false, 30_000)
    expect(cleared).toHaveLength(1)
  }, 45_000)

  it('silence: the controller stops talking, the watchdog raises it, talking again clears it', async () => {
    const dev = await simulated()
    dev.sim.setCondition(dev.serial, 'silence')
    await settleAlarms(link.app)
    // Ten minutes of silence, without waiting them: the device says nothing, so nothing moves this back.
    await link.app.db
      .update(items)
      .set({ lastSeenAt: sql`now() - interval '11 minutes'` })
      .where(eq(items.id, dev.itemId))
    await link.app.alarms.engine.checkSilence()
    expect(await alarmsOf(link.app, dev.itemId, 'offline')).toHaveLength(1)
    dev.sim.clearCondition(dev.serial)
    await waitFor(
      async () => {
        await settleAlarms(link.app)
        await link.app.alarms.engine.checkSilence()
        return (await alarmsOf(link.app, dev.itemId, 'offline'))[0]?.clearedAt
      },
      15_000,
      'offline cleared',
    )
  }, 30_000)
})
