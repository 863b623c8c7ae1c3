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
export function itemStatusLabel(status: string | null | undefined): string {
  switch (status) {
    case 'on':
    case 'off':
    case 'archive':
      return ITEM_STATUS_LABELS[status]
    default:
      return UNKNOWN_STATUS_LABEL
  }
}

/** Device edit screen label; an unknown code is shown as an ellipsis rather than hidden. */
export function itemManagementLabel(status: string | null | undefined, code?: string | null): string {
  switch (status) {
    case 'on':
    case 'off':
    case 'connecting':
      return ITEM_MANAGEMENT_LABELS[status]
    case 'pending':
      return ITEM_MANAGEMENT_LABELS.pending(code || '…')
    default:
      return itemStatusLabel(status)
  }
}

/** On and off can be switched; archived, pending and unreachable devices cannot. */
// An offline ('connecting') device can be switched too: the wish is delivered when it reconnects.
export function canToggle(status: string | null | undefined): boolean {
  return status === 'on' || status === 'off' || status === 'connecting'
}
