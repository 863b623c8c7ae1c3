import {
  type AuditAction,
  type AuditEntryResource,
  type AuditOutcome,
  type Language,
  unsupportedSettingsReason,
} from '@teplo/domain'
import { and, desc, eq, lt, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { formatDate } from '../../lib/jsonapi.ts'
import { listPage } from '../../lib/list-page.ts'
import type { ListQuery } from '../../lib/list-query.ts'
import { storedMessage } from '../../lib/stored-message.ts'
import { type Caller, itemFor } from '../items/item-access.ts'
import { users } from '../users/users.tables.ts'
import { itemAudit } from './audit.tables.ts'

/** A database or an open transaction: entries are written in the transaction of the change they describe. */
type Writer = Pick<Database, 'insert' | 'select' | 'update'>
type Value = string | number | boolean | null
export type AuditChanges = Record<string, { from: Value; to: Value }>

export type AuditEntry = {
  itemId: number
  actorId: number | null
  action: AuditAction
  changes?: AuditChanges
  subject?: { email: string; access: string | null }
  /** For settings and on/off: the settings_version the change produced, settled by the controller's ack. */
  settingsVersion?: number
}

export async function recordAudit(tx: Writer, entry: AuditEntry, at = new Date()): Promise<void> {
  const actorName =
    entry.actorId === null
      ? sql`''`
      : sql`coalesce((select ${users.name} from ${users} where ${users.id} = ${entry.actorId}), '')`
  await tx.insert(itemAudit).values({
    itemId: entry.itemId,
    at,
    actorId: entry.actorId,
    actorName,
    action: entry.action,
    changes: entry.changes ?? {},
    subjectEmail: entry.subject?.email ?? null,
    subjectAccess: entry.subject?.access ?? null,
    settingsVersion: entry.settingsVersion ?? null,
    outcome: entry.settingsVersion === undefined ? null : 'pending',
  })
}

/**
 * The controller answered `version`: its pending entries are applied or refused; older ones still pending were
 * replaced by a later change before it answered. An entry that changed a setting the controller lacks
 * (`unsupported`, ADR 051) is not applied: it is refused with the reason naming those settings.
 */
export async function settleAudit(
  tx: Writer,
  itemId: number,
  version: number,
  outcome: Extract<AuditOutcome, 'applied' | 'refused'>,
  reason: string | null,
  unsupported: readonly string[] = [],
): Promise<void> {
  const pending = and(eq(itemAudit.itemId, itemId), eq(itemAudit.outcome, 'pending'))
  const answered = and(pending, eq(itemAudit.settingsVersion, version))
  if (outcome === 'applied' && unsupported.length > 0) {
    const entries = await tx
      .select({ id: itemAudit.id, changes: itemAudit.changes })
      .from(itemAudit)
      .where(answered)
    for (const entry of entries) {
      const lacking = Object.keys(entry.changes ?? {}).filter((name) => unsupported.includes(name))
      if (lacking.length === 0) continue
      await tx
        .update(itemAudit)
        .set({ outcome: 'refused', reason: unsupportedSettingsReason(lacking) })
        .where(eq(itemAudit.id, entry.id))
    }
  }
  await tx
    .update(itemAudit)
    .set({ outcome, reason: outcome === 'refused' ? reason : null })
    .where(answered)
  await tx
    .update(itemAudit)
    .set({ outcome: 'superseded' })
    .where(and(pending, lt(itemAudit.settingsVersion, version)))
}

type AuditRow = typeof itemAudit.$inferSelect

function auditResource(row: AuditRow, language: Language | undefined): AuditEntryResource {
  return {
    type: 'audit-entries',
    id: String(row.id),
    attributes: {
      action: row.action as AuditAction,
      at: formatDate(row.at) ?? '',
      actor_id: row.actorId === null ? null : String(row.actorId),
      actor_name: row.actorName,
      changes: row.changes,
      subject: row.subjectEmail === null ? null : { email: row.subjectEmail, access: row.subjectAccess },
      outcome: (row.outcome as AuditOutcome | null) ?? null,
      reason: storedMessage(row.reason, language),
    },
  }
}

/** GET /items/{id}/audit: newest first, for the owner, an installer and administrators. */
export async function listAudit(
  db: Database,
  caller: Caller,
  itemId: number,
  query: Omit<ListQuery, 'sort'>,
  rawQuery: object,
) {
  const { item } = await itemFor(db, caller, itemId, 'service')
  const { rows, page } = await listPage(
    db,
    itemAudit,
    {
      where: eq(itemAudit.itemId, item.id),
      orderBy: [desc(itemAudit.id)],
      path: `/api/v2/items/${item.id}/audit`,
    },
    { ...query, sort: '-id' },
    rawQuery as Record<string, unknown>,
  )
  return { data: rows.map((row) => auditResource(row, caller.language)), ...page }
}
