import { msg } from './i18n/message'
import { translateMessage } from './i18n/messages'
import type { Language } from './languages'

export const ITEM_STATUSES = ['on', 'off', 'archive', 'pending', 'connecting'] as const

export type ItemStatus = (typeof ITEM_STATUSES)[number]

/** The two statuses a user may switch between on the dashboard. */
export type ToggleStatus = Extract<ItemStatus, 'on' | 'off'>

export function isItemStatus(value: unknown): value is ItemStatus {
  return typeof value === 'string' && (ITEM_STATUSES as readonly string[]).includes(value)
}

/** Dashboard label next to the on/off switch. */
export function itemStatusLabel(status: string | null | undefined, language: Language = 'uk'): string {
  switch (status) {
    case 'on':
    case 'off':
    case 'archive':
      return translateMessage(msg(`labels.itemStatus.${status}`), language)
    default:
      return translateMessage(msg('labels.itemStatus.unknown'), language)
  }
}

/** Device edit screen label; pending shows the verification code the controller must confirm (an ellipsis when unknown). */
export function itemManagementLabel(
  status: string | null | undefined,
  code?: string | null,
  language: Language = 'uk',
): string {
  switch (status) {
    case 'on':
    case 'off':
    case 'connecting':
      return translateMessage(msg(`labels.itemManagement.${status}`), language)
    case 'pending':
      return translateMessage(msg('labels.itemManagement.pending', { code: code || '…' }), language)
    default:
      return itemStatusLabel(status, language)
  }
}

/** On and off can be switched; archived, pending and unreachable devices cannot. */
// An offline ('connecting') device can be switched too: the wish is delivered when it reconnects.
export function canToggle(status: string | null | undefined): boolean {
  return status === 'on' || status === 'off' || status === 'connecting'
}
