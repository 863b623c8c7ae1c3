import { HOME_ASSISTANT_TYPE, type HomeAssistantPut, type Language, msg } from '@teplo/domain'
import { eq, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../../db/client.ts'
import { assertAccountItems } from '../../lib/account-items.ts'
import { invalidField, notFound } from '../../lib/api-error.ts'
import type { AppEventBus } from '../../lib/events.ts'
import { formatDate } from '../../lib/jsonapi.ts'
import { resolvesPrivately, socketHost } from '../../lib/public-address.ts'
import { storedMessage } from '../../lib/stored-message.ts'
import type { Caller } from '../items/item-access.ts'
import type { LinkRow } from './bridge.ts'
import { type BrokerAddressPolicy, brokerUrlAllowed } from './broker-client.ts'
import { homeAssistantLinks } from './home-assistant.tables.ts'
import { clearBroker } from './manager.ts'

const NOT_PUBLIC = msg('server.homeAssistant.notPublic')
const NO_CONNECTION = msg('server.homeAssistant.notFound')
const RESOLVE_MS = 2000

function linkResource(row: LinkRow, language: Language | undefined) {
  return {
    type: HOME_ASSISTANT_TYPE,
    id: String(row.userId),
    attributes: {
      broker_url: row.brokerUrl,
      username: row.username,
      has_password: row.password !== null,
      discovery_prefix: row.discoveryPrefix,
      item_ids: row.itemIds && row.itemIds.length > 0 ? row.itemIds : null,
      state: row.state as 'connecting' | 'connected' | 'failed',
      last_error: storedMessage(row.lastError, language),
      connected_at: formatDate(row.connectedAt),
      published_item_ids: row.publishedItemIds,
      created_at: formatDate(row.createdAt)!,
      updated_at: formatDate(row.updatedAt)!,
    },
    links: { self: '/api/v2/me/home-assistant' },
  }
}

async function linkOf(db: Database, userId: number): Promise<LinkRow | undefined> {
  const [row] = await db.select().from(homeAssistantLinks).where(eq(homeAssistantLinks.userId, userId))
  return row
}

export async function getHomeAssistant(db: Database, caller: Caller) {
  const row = await linkOf(db, caller.userId)
  return { data: row ? linkResource(row, caller.language) : null }
}

/** The broker must be public (its address now; the socket checks it again as it connects), unless allowed. */
async function checkBroker(text: string, policy: BrokerAddressPolicy): Promise<void> {
  const url = new URL(text)
  if (!brokerUrlAllowed(url, policy)) throw invalidField('broker_url', NOT_PUBLIC)
  if (policy.allowPrivate) return
  if (await resolvesPrivately(socketHost(url), policy.resolve, RESOLVE_MS))
    throw invalidField('broker_url', NOT_PUBLIC)
}

export type HomeAssistantContext = {
  db: Database
  events: AppEventBus
  policy: BrokerAddressPolicy
  log: FastifyBaseLogger
}

/**
 * Saves the connection (a new one or a change): the instance holding it connects again. A password left out stays
 * while the broker and the user name do; moving to another broker clears the entities from the old one.
 */
export async function putHomeAssistant(
  context: HomeAssistantContext,
  caller: Caller,
  body: HomeAssistantPut,
) {
  const { db, policy } = context
  await assertAccountItems(db, caller.userId, body.item_ids, 'item_ids', (id) =>
    msg('server.homeAssistant.itemNotVisible', { id }),
  )
  const brokerUrl = body.broker_url.replace(/\/$/, '')
  await checkBroker(brokerUrl, policy)
  const username = body.username ? body.username : null
  const existing = await linkOf(db, caller.userId)
  const sameLogin =
    existing !== undefined && existing.brokerUrl === brokerUrl && existing.username === username
  const password =
    body.password === undefined ? (sameLogin ? (existing?.password ?? null) : null) : body.password || null
  const itemIds = body.item_ids && body.item_ids.length > 0 ? body.item_ids : null
  const movedBroker = existing !== undefined && existing.brokerUrl !== brokerUrl
  const values = {
    brokerUrl,
    username,
    password,
    discoveryPrefix: body.discovery_prefix,
    itemIds,
    state: 'connecting',
    lastError: null,
    connectedAt: null,
    updatedAt: new Date(),
  }
  const [row] = await db
    .insert(homeAssistantLinks)
    .values({ userId: caller.userId, ...values })
    .onConflictDoUpdate({
      target: homeAssistantLinks.userId,
      set: {
        ...values,
        generation: sql`${homeAssistantLinks.generation} + 1`,
        ...(movedBroker ? { publishedTopics: [], publishedItemIds: [] } : {}),
      },
    })
    .returning()
  // The old broker forgets the entities (best effort, not waited for: it may be the broker that failed).
  if (movedBroker && existing.publishedTopics.length > 0) void clearBroker(existing, policy, context.log)
  context.events.emit('home-assistant.changed', { userId: caller.userId })
  return { data: linkResource(row!, caller.language) }
}

/** Removes the connection; the entities are cleared from the broker (waited for, at most five seconds). */
export async function deleteHomeAssistant(
  context: HomeAssistantContext,
  caller: Caller,
  stopLocal: (userId: number) => Promise<void>,
): Promise<void> {
  const [row] = await context.db
    .delete(homeAssistantLinks)
    .where(eq(homeAssistantLinks.userId, caller.userId))
    .returning()
  if (!row) throw notFound(NO_CONNECTION)
  await stopLocal(caller.userId)
  await clearBroker(row, context.policy, context.log)
  context.events.emit('home-assistant.changed', { userId: caller.userId })
}
