import { msg } from './i18n/message'
import { translateMessage } from './i18n/messages'
import type { Language } from './languages'

/** Whether the controller has applied the settings the user asked for (desired vs reported). */
export const SYNC_STATUSES = ['synced', 'pending', 'refused'] as const

export type SyncStatus = (typeof SYNC_STATUSES)[number]

/** A device whose controller has never been paired has no settings to apply yet: how that reads. */
export function unpairedSyncLabel(language: Language = 'uk'): string {
  return translateMessage(msg('labels.sync.unpaired'), language)
}

export function isSyncStatus(value: unknown): value is SyncStatus {
  return typeof value === 'string' && (SYNC_STATUSES as readonly string[]).includes(value)
}

/** A refusal without a reported reason still says it was refused. */
export function syncStatusLabel(
  status: SyncStatus,
  reason?: string | null,
  language: Language = 'uk',
): string {
  if (status === 'refused')
    return translateMessage(msg('labels.sync.refused', { reason: reason || '…' }), language)
  return translateMessage(msg(`labels.sync.${status}`), language)
}
