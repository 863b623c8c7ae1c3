import type { Language } from './languages'

export const ITEM_STATUSES = ['on', 'off', 'archive', 'pending', 'connecting'] as const

export type ItemStatus = (typeof ITEM_STATUSES)[number]

/** The two statuses a user may switch between on the dashboard. */
export type ToggleStatus = Extract<ItemStatus, 'on' | 'off'>

export const UNKNOWN_STATUS_LABEL = 'Невідомий статус'

export const ITEM_STATUS_LABELS = {
  on: 'Увімкнено',
  off: 'Вимкнено',
  archive: 'Заблоковано',
} as const satisfies Partial<Record<ItemStatus, string>>

/** The same labels in English (Ukrainian stays the reference wording). */
const ITEM_STATUS_LABELS_EN = { on: 'On', off: 'Off', archive: 'Blocked' } as const
const UNKNOWN_STATUS_LABEL_EN = 'Unknown status'
const ITEM_MANAGEMENT_LABELS_EN = {
  on: 'connected',
  off: 'sync off, connected',
  connecting: 'not connected',
  pending: (code: string) => `waiting for confirmation (code: ${code})`,
} as const

/** Labels of the device edit screen; pending shows the verification code the controller must confirm. */
export const ITEM_MANAGEMENT_LABELS = {
  on: "з'єднання встановлено",
  off: "синхронізація виключена,з'єднання встановлено",
  connecting: "з'єднання немає",
  pending: (code: string) => `очікуємо підтвердження (код: ${code})`,
} as const

export function isItemStatus(value: unknown): value is ItemStatus {
  return typeof value === 'string' && (ITEM_STATUSES as readonly string[]).includes(value)
}

/** Dashboard label next to the on/off switch. */
export function itemStatusLabel(status: string | null | undefined, language: Language = 'uk'): string {
  const english = language === 'en'
  switch (status) {
    case 'on':
    case 'off':
    case 'archive':
      return (english ? ITEM_STATUS_LABELS_EN : ITEM_STATUS_LABELS)[status]
    default:
      return english ? UNKNOWN_STATUS_LABEL_EN : UNKNOWN_STATUS_LABEL
  }
}

/** Device edit screen label; an unknown code is shown as an ellipsis rather than hidden. */
export function itemManagementLabel(
  status: string | null | undefined,
  code?: string | null,
  language: Language = 'uk',
): string {
  const labels = language === 'en' ? ITEM_MANAGEMENT_LABELS_EN : ITEM_MANAGEMENT_LABELS
  switch (status) {
    case 'on':
    case 'off':
    case 'connecting':
      return labels[status]
    case 'pending':
      return labels.pending(code || '…')
    default:
      return itemStatusLabel(status, language)
  }
}

/** On and off can be switched; archived, pending and unreachable devices cannot. */
// An offline ('connecting') device can be switched too: the wish is delivered when it reconnects.
export function canToggle(status: string | null | undefined): boolean {
  return status === 'on' || status === 'off' || status === 'connecting'
}
