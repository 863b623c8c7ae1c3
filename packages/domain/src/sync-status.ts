import type { Language } from './languages'

/** Whether the controller has applied the settings the user asked for (desired vs reported). */
export const SYNC_STATUSES = ['synced', 'pending', 'refused'] as const

export type SyncStatus = (typeof SYNC_STATUSES)[number]

export const SYNC_STATUS_LABELS = {
  synced: 'Застосовано',
  pending: 'Очікує пристрій',
  refused: (reason: string) => `Відхилено: ${reason}`,
} as const

/** The same labels in English (Ukrainian stays the reference wording). */
const SYNC_STATUS_LABELS_EN = {
  synced: 'Applied',
  pending: 'Waiting for the device',
  refused: (reason: string) => `Refused: ${reason}`,
} as const

/** A device whose controller has never been paired has no settings to apply yet. */
export const UNPAIRED_SYNC_LABEL = 'Очікує підключення контролера'
export const UNPAIRED_SYNC_LABEL_EN = 'Waiting for the controller to connect'

export function isSyncStatus(value: unknown): value is SyncStatus {
  return typeof value === 'string' && (SYNC_STATUSES as readonly string[]).includes(value)
}

/** A refusal without a reported reason still says it was refused. */
export function syncStatusLabel(
  status: SyncStatus,
  reason?: string | null,
  language: Language = 'uk',
): string {
  const labels = language === 'en' ? SYNC_STATUS_LABELS_EN : SYNC_STATUS_LABELS
  if (status === 'refused') return labels.refused(reason || '…')
  return labels[status]
}
