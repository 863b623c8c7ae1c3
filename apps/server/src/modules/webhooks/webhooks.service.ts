import {
  isWebhookEvent,
  type Language,
  msg,
  WEBHOOKS_PER_ACCOUNT,
  type WebhookDeliveryState,
  type WebhookEvent,
} from '@teplo/domain'
import { and, count, desc, eq } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { assertAccountItems } from '../../lib/account-items.ts'
import { HttpError, notFound } from '../../lib/api-error.ts'
import { formatDate } from '../../lib/jsonapi.ts'
import { listPage } from '../../lib/list-page.ts'
import { storedMessage } from '../../lib/stored-message.ts'
import type { Caller } from '../items/item-access.ts'
import { checkWebhookUrl, type WebhookAddressPolicy } from './webhook-address.ts'
import { enqueueTestEvent } from './webhook-events.ts'
import { newWebhookSecret } from './webhook-signature.ts'
import { webhookDeliveries, webhooks } from './webhooks.tables.ts'

type WebhookRow = typeof webhooks.$inferSelect
type DeliveryRow = typeof webhookDeliveries.$inferSelect

const NOT_FOUND = msg('server.webhooks.notFound')

function webhookAttributes(row: WebhookRow, language: Language | undefined) {
  return {
    url: row.url,
    events: row.events.filter(isWebhookEvent),
    item_ids: row.itemIds && row.itemIds.length > 0 ? row.itemIds : null,
    enabled: row.enabled,
    disabled_reason: storedMessage(row.disabledReason, language),
    failures: row.failures,
    last_success_at: formatDate(row.lastSuccessAt),
    created_at: formatDate(row.createdAt),
    updated_at: formatDate(row.updatedAt),
  }
}

function webhookResource(row: WebhookRow, language: Language | undefined) {
  return {
    type: 'webhooks' as const,
    id: String(row.id),
    attributes: webhookAttributes(row, language),
    links: { self: `/api/v2/me/webhooks/${row.id}` },
  }
}

function deliveryResource(row: DeliveryRow) {
  return {
    type: 'webhook-deliveries' as const,
    id: String(row.id),
    attributes: {
      event_id: row.eventId,
      event_type: row.eventType,
      item_id: row.itemId,
      state: row.state as WebhookDeliveryState,
      attempts: row.attempts,
      last_status: row.lastStatus,
      last_error: row.lastError,
      next_attempt_at: row.state === 'pending' ? formatDate(row.nextAttemptAt) : null,
      created_at: formatDate(row.createdAt),
      delivered_at: formatDate(row.deliveredAt),
    },
    links: { self: `/api/v2/me/webhooks/${row.webhookId}/deliveries` },
  }
}

async function ownWebhook(db: Database, caller: Caller, id: number): Promise<WebhookRow> {
  const [row] = await db
    .select()
    .from(webhooks)
    .where(and(eq(webhooks.id, id), eq(webhooks.userId, caller.userId)))
  if (!row) throw notFound(NOT_FOUND)
  return row
}

export async function listWebhooks(db: Database, caller: Caller) {
  const rows = await db.select().from(webhooks).where(eq(webhooks.userId, caller.userId)).orderBy(webhooks.id)
  return { data: rows.map((row) => webhookResource(row, caller.language)) }
}

export async function getWebhook(db: Database, caller: Caller, id: number) {
  return { data: webhookResource(await ownWebhook(db, caller, id), caller.language) }
}

export async function createWebhook(
  db: Database,
  caller: Caller,
  body: { url: string; events: WebhookEvent[]; item_ids?: number[] | null | undefined },
  policy: WebhookAddressPolicy,
) {
  const [existing] = await db.select({ n: count() }).from(webhooks).where(eq(webhooks.userId, caller.userId))
  if ((existing?.n ?? 0) >= WEBHOOKS_PER_ACCOUNT)
    throw new HttpError(409, msg('server.webhooks.tooMany', { max: WEBHOOKS_PER_ACCOUNT }))
  await assertAccountItems(db, caller.userId, body.item_ids, 'item_ids', (id) =>
    msg('server.webhooks.itemNotVisible', { id }),
  )
  await checkWebhookUrl(body.url, policy)
  const secret = newWebhookSecret()
  const [row] = await db
    .insert(webhooks)
    .values({
      userId: caller.userId,
      url: body.url,
      events: body.events,
      itemIds: body.item_ids && body.item_ids.length > 0 ? body.item_ids : null,
      secret,
    })
    .returning()
  const resource = webhookResource(row!, caller.language)
  return { data: { ...resource, attributes: { ...resource.attributes, secret } } }
}

export async function updateWebhook(
  db: Database,
  caller: Caller,
  id: number,
  body: {
    url?: string | undefined
    events?: WebhookEvent[] | undefined
    item_ids?: number[] | null | undefined
    enabled?: boolean | undefined
  },
  policy: WebhookAddressPolicy,
) {
  await ownWebhook(db, caller, id)
  await assertAccountItems(db, caller.userId, body.item_ids, 'item_ids', (id) =>
    msg('server.webhooks.itemNotVisible', { id }),
  )
  if (body.url !== undefined) await checkWebhookUrl(body.url, policy)
  const changes: Partial<typeof webhooks.$inferInsert> = { updatedAt: new Date() }
  if (body.url !== undefined) changes.url = body.url
  if (body.events !== undefined) changes.events = body.events
  if (body.item_ids !== undefined)
    changes.itemIds = body.item_ids && body.item_ids.length > 0 ? body.item_ids : null
  if (body.enabled !== undefined) {
    changes.enabled = body.enabled
    // Turned on again: a fresh start (the count that turned it off is history).
    if (body.enabled) Object.assign(changes, { disabledReason: null, failures: 0 })
  }
  const [row] = await db.update(webhooks).set(changes).where(eq(webhooks.id, id)).returning()
  return { data: webhookResource(row!, caller.language) }
}

export async function deleteWebhook(db: Database, caller: Caller, id: number): Promise<void> {
  await ownWebhook(db, caller, id)
  await db.delete(webhooks).where(eq(webhooks.id, id))
}

export async function listWebhookDeliveries(
  db: Database,
  caller: Caller,
  id: number,
  query: { 'page[number]': number; 'page[size]': number },
  rawQuery: Record<string, unknown>,
) {
  await ownWebhook(db, caller, id)
  const { rows, page } = await listPage(
    db,
    webhookDeliveries,
    {
      where: eq(webhookDeliveries.webhookId, id),
      orderBy: [desc(webhookDeliveries.id)],
      path: `/api/v2/me/webhooks/${id}/deliveries`,
    },
    { ...query, sort: '-id' },
    rawQuery,
  )
  return { data: rows.map(deliveryResource), ...page }
}

export async function sendWebhookTest(db: Database, caller: Caller, id: number) {
  await ownWebhook(db, caller, id)
  return { data: deliveryResource(await enqueueTestEvent(db, id)) }
}
