import type { TelemetryMessage } from '@teplo/domain'
import { and, eq } from 'drizzle-orm'
import type { MqttClient } from 'mqtt'
import { alarms, notificationOutbox, notifications } from '../../src/db/schema.ts'
import { publish, telemetry } from './device-support.ts'
import type { TestApp } from './helper.ts'

/** Everything received so far ingested, judged and every due delivery attempted. */
export async function settleAlarms(app: TestApp): Promise<void> {
  await app.deviceLink?.settle()
  await app.alarms.settle()
}

/** A device's readings in order: each one newer than the last (device time counts from `start`). */
export function readings(client: MqttClient, serial: string, start = Date.now() - 3_600_000) {
  let seq = 0
  let at = start
  return async (overrides: Partial<TelemetryMessage> = {}, advanceSeconds = 10) => {
    seq += 1
    at += advanceSeconds * 1000
    await publish(
      client,
      serial,
      'telemetry',
      telemetry({ seq, ts: new Date(at).toISOString(), ...overrides }),
    )
  }
}

export async function alarmsOf(app: TestApp, itemId: number, kind?: string) {
  const rows = await app.db.select().from(alarms).where(eq(alarms.itemId, itemId)).orderBy(alarms.id)
  return kind ? rows.filter((row) => row.kind === kind) : rows
}

export async function notificationsOfAlarm(app: TestApp, alarmId: number) {
  return app.db.select().from(notifications).where(eq(notifications.alarmId, alarmId))
}

export async function deliveriesOf(app: Pick<TestApp, 'db'>, alarmId: number, channel?: 'email' | 'push') {
  return app.db
    .select()
    .from(notificationOutbox)
    .where(
      and(
        eq(notificationOutbox.alarmId, alarmId),
        channel ? eq(notificationOutbox.channel, channel) : undefined,
      ),
    )
}
