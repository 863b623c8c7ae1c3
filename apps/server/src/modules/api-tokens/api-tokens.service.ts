import type { apiTokenCreateSchema } from '@teplo/domain'
import {
  API_TOKEN_LIMITS,
  API_TOKEN_PREFIX,
  type ApiTokenCreatedDocument,
  type ApiTokenListDocument,
  type ApiTokenResource,
  type ApiTokenScope,
  msg,
  normaliseScopes,
} from '@teplo/domain'
import { and, asc, count, eq, inArray } from 'drizzle-orm'
import type { z } from 'zod'
import type { Database } from '../../db/client.ts'
import { HttpError, invalidField, notFound } from '../../lib/api-error.ts'
import type { AppEventBus } from '../../lib/events.ts'
import { formatDate } from '../../lib/jsonapi.ts'
import { generateSecret, sha256 } from '../../lib/secrets.ts'
import type { SessionActivity } from '../auth/session-activity.ts'
import { type Caller, itemFor } from '../items/item-access.ts'
import { apiTokenItems, apiTokens } from './api-tokens.tables.ts'

// Personal API tokens (ADR 060): made, listed and deleted by their account; how a request presents one is
// plugins/app/auth.ts's.

const NOT_FOUND = msg('server.apiTokens.notFound')

/** Characters of the secret kept after the prefix to recognise a token in the list. */
const SHOWN_CHARACTERS = 4

export type ApiTokenCreateBody = z.output<typeof apiTokenCreateSchema>

type TokenRow = typeof apiTokens.$inferSelect

function tokenResource(
  row: TokenRow,
  itemIds: number[] | null,
  activity?: SessionActivity,
): ApiTokenResource {
  const unwritten = activity?.unwritten(row.id)
  const newer = unwritten && (!row.lastUsedAt || unwritten.at > row.lastUsedAt) ? unwritten : undefined
  return {
    type: 'api-tokens',
    id: String(row.id),
    attributes: {
      name: row.name,
      prefix: `${row.prefix}…`,
      scopes: normaliseScopes(row.scopes as ApiTokenScope[]),
      item_ids: itemIds === null ? null : itemIds.map(String),
      expires_at: formatDate(row.expiresAt),
      created_at: formatDate(row.createdAt),
      last_used_at: formatDate(newer?.at ?? row.lastUsedAt),
      last_address: newer?.address ?? row.lastAddress,
    },
    links: { self: `/api/v2/me/api-tokens/${row.id}` },
  }
}

/** The account's tokens, newest first, expired ones too (marked by their expiry) until deleted. */
export async function listApiTokens(
  db: Database,
  activity: SessionActivity,
  userId: number,
): Promise<ApiTokenListDocument> {
  const rows = await db
    .select()
    .from(apiTokens)
    .where(eq(apiTokens.userId, userId))
    .orderBy(asc(apiTokens.id))
  const limited = rows.filter((row) => !row.allItems).map((row) => row.id)
  const links =
    limited.length === 0
      ? []
      : await db
          .select()
          .from(apiTokenItems)
          .where(inArray(apiTokenItems.tokenId, limited))
          .orderBy(asc(apiTokenItems.itemId))
  const data = rows
    .reverse()
    .map((row) =>
      tokenResource(
        row,
        row.allItems ? null : links.filter((link) => link.tokenId === row.id).map((link) => link.itemId),
        activity,
      ),
    )
  return { data, meta: { total: data.length } }
}

/**
 * Makes a token for the caller: its devices must all be ones the caller can see (422 on `item_ids` naming the
 * first that is not); at most API_TOKEN_LIMITS.perAccount per account (409). The secret is answered only here.
 */
export async function createApiToken(
  db: Database,
  caller: Caller,
  body: ApiTokenCreateBody,
  address: string,
): Promise<ApiTokenCreatedDocument> {
  const itemIds = body.item_ids ? [...new Set(body.item_ids.map(Number))] : null
  for (const id of itemIds ?? []) {
    try {
      await itemFor(db, caller, id, 'see')
    } catch {
      throw invalidField('item_ids', msg('server.apiTokens.itemNotVisible', { id }))
    }
  }
  const [held] = await db.select({ n: count() }).from(apiTokens).where(eq(apiTokens.userId, caller.userId))
  if ((held?.n ?? 0) >= API_TOKEN_LIMITS.perAccount)
    throw new HttpError(409, msg('server.apiTokens.tooMany', { max: API_TOKEN_LIMITS.perAccount }))
  const secret = `${API_TOKEN_PREFIX}${generateSecret(30)}`
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(apiTokens)
      .values({
        userId: caller.userId,
        name: body.name,
        tokenHash: sha256(secret),
        prefix: secret.slice(0, API_TOKEN_PREFIX.length + SHOWN_CHARACTERS),
        scopes: normaliseScopes(body.scopes),
        allItems: itemIds === null,
        expiresAt: body.expires_at ?? null,
        createdAddress: address,
      })
      .returning()
    if (!inserted) throw new Error('api token not stored')
    if (itemIds)
      await tx.insert(apiTokenItems).values(itemIds.map((itemId) => ({ tokenId: inserted.id, itemId })))
    return inserted
  })
  return {
    data: tokenResource(row, itemIds ? [...itemIds].sort((a, b) => a - b) : null),
    meta: { token: secret },
  }
}

/** Deletes one of the caller's tokens (404 for another's); every instance forgets it at once (ADR 020). */
export async function deleteApiToken(
  db: Database,
  events: AppEventBus,
  userId: number,
  id: number,
): Promise<void> {
  const deleted = await db
    .delete(apiTokens)
    .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, userId)))
    .returning({ id: apiTokens.id })
  if (deleted.length === 0) throw notFound(NOT_FOUND)
  events.emit('user.access-changed', { userId })
}
