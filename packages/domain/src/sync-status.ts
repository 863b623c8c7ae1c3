/** Whether the controller has applied the settings the user asked for (desired vs reported). */
export const SYNC_STATUSES = ['synced', 'pending', 'refused'] as const

export type SyncStatus = (typeof SYNC_STATUSES)[number]

export const SYNC_STATUS_LABELS = {
  synced: 'Застосовано',
  pending: 'Очікує пристрій',
  refused: (reason: string) => `Відхилено: ${reason}`,
} as const

/** A device whose controller has never been paired has no settings to apply yet. */
export const UNPAIRED_SYNC_LABEL = 'Очікує підключення контролера'

export function isSyncStatus(value: unknown): value is SyncStatus {
  return typeof value === 'string' && (SYNC_STATUSES as readonly string[]).includes(value)
}

/** A refusal without a reported reason still says it was refused. */
export function syncStatusLabel(status: SyncStatus, reason?: string | null): string {
  if (status === 'refused') return SYNC_STATUS_LABELS.refused(reason || '…')
  return SYNC_STATUS_LABELS[status]
}
