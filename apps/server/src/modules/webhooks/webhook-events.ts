import { randomUUID } from 'node:crypto'
import {
  alarmTitle,
  DEFAULT_LANGUAGE,
  isLanguage,
  type Language,
  WEBHOOK_TEST_EVENT,
  type WebhookEvent,
} from '@teplo/domain'
import { eq, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { rowsOf } from '../../lib/sql-result.ts'
import { storedMessage } from '../../lib/stored-message.ts'
import { isAlarmKind } from '../alarms/alarm-store.ts'
import { alarms } from '../alarms/alarms.tables.ts'
import { usersWithAccess } from '../items/item-access.ts'
import { items } from '../items/items.tables.ts'
import { webhookDeliveries } from './webhooks.tables.ts'

/** The device an event is about, as the payload names it. */
export type PayloadItem = { id: number; name: string; serial_number: string }

/** What an event carries beside its device, written in the webhook owner's language where it has words. */
export type EventData = (language: Language) => Record<string, unknown>

/** The JSON body of a delivery (docs/integrations.md "Webhooks"): the same bytes on every attempt. */
export function payloadBody(
  eventId: string,
  type: string,
  createdAt: Date,
  data: Record<string, unknown>,
): string {
  return JSON.stringify({ id: eventId, type, created_at: createdAt.toISOString(), data })
}

type Subscriber = { id: number; user_id: number; language: string }

/**
 * Queues one event for every enabled webhook subscribed to its type and device whose account can see the device
 * now (owner or share). Called once, by the instance where the event happened; the worker of any instance sends.
 * Answers how many deliveries were queued.
 */
export async function enqueueWebhookEvent(
  db: Database,
  event: { type: WebhookEvent; itemId: number; data: EventData },
): Promise<number> {
  const [item] = await db
    .select({ id: items.id, name: items.name, serial_number: items.serialNumber })
    .from(items)
    .where(eq(items.id, event.itemId))
  if (!item) return 0
  const subscribers = rowsOf<Subscriber>(
    await db.execute(sql`
      select w.id, w.user_id, u.language from webhooks w join users u on u.id = w.user_id
      where w.enabled and ${event.type} = any(w.events)
        and (w.item_ids is null or cardinality(w.item_ids) = 0 or ${event.itemId}::int = any(w.item_ids))`),
  )
  if (subscribers.length === 0) return 0
  const seeing = new Set((await usersWithAccess(db, event.itemId)).map((entry) => entry.userId))
  const allowed = subscribers.filter((subscriber) => seeing.has(subscriber.user_id))
  if (allowed.length === 0) return 0
  const eventId = randomUUID()
  const createdAt = new Date()
  await db.insert(webhookDeliveries).values(
    allowed.map((subscriber) => {
      const language = isLanguage(subscriber.language) ? subscriber.language : DEFAULT_LANGUAGE
      return {
        webhookId: subscriber.id,
        eventId,
        eventType: event.type,
        itemId: item.id,
        body: payloadBody(eventId, event.type, createdAt, { item, ...event.data(language) }),
        createdAt,
      }
    }),
  )
  return allowed.length
}

/** A `webhook.test` event to one webhook, whatever it subscribes to; answers the delivery row. */
export async function enqueueTestEvent(db: Database, webhookId: number) {
  const eventId = randomUUID()
  const createdAt = new Date()
  const body = payloadBody(eventId, WEBHOOK_TEST_EVENT, createdAt, {
    item: null,
    message: 'A test event from Teplo: the signature verifies with your secret.',
  })
  const [row] = await db
    .insert(webhookDeliveries)
    .values({ webhookId, eventId, eventType: WEBHOOK_TEST_EVENT, itemId: null, body, createdAt })
    .returning()
  return row!
}

/** An alarm raised or cleared: fuel_reorder and maintenance_due raised are events of their own. */
export async function alarmEvent(
  db: Database,
  alarmId: number,
  change: 'raised' | 'cleared',
): Promise<{ type: WebhookEvent; itemId: number; data: EventData } | null> {
  const [alarm] = await db.select().from(alarms).where(eq(alarms.id, alarmId))
  if (!alarm || !isAlarmKind(alarm.kind)) return null
  const kind = alarm.kind
  const type: WebhookEvent =
    change === 'cleared'
      ? 'alarm.cleared'
      : kind === 'fuel_reorder'
        ? 'fuel.reorder'
        : kind === 'maintenance_due'
          ? 'maintenance.due'
          : 'alarm.raised'
  return {
    type,
    itemId: alarm.itemId,
    data: (language) => ({
      alarm: {
        id: alarm.id,
        kind,
        code: alarm.code || null,
        title: alarmTitle({ kind, code: alarm.code }, language),
        value: alarm.value,
        threshold: alarm.threshold,
        raised_at: alarm.raisedAt.toISOString(),
        cleared_at: alarm.clearedAt?.toISOString() ?? null,
      },
    }),
  }
}

/** The controller's acknowledgement of desired settings. */
export function settingsEvent(settled: {
  itemId: number
  version: number
  outcome: 'applied' | 'refused'
  reason: string | null
}): { type: WebhookEvent; itemId: number; data: EventData } {
  return {
    type: settled.outcome === 'applied' ? 'settings.applied' : 'settings.refused',
    itemId: settled.itemId,
    data: (language) => ({
      settings: { version: settled.version, reason: storedMessage(settled.reason, language) },
    }),
  }
}

/** A device came back or went away. */
export function presenceEvent(change: { itemId: number; online: boolean }): {
  type: WebhookEvent
  itemId: number
  data: EventData
} {
  return {
    type: change.online ? 'device.online' : 'device.offline',
    itemId: change.itemId,
    data: () => ({ online: change.online }),
  }
}
