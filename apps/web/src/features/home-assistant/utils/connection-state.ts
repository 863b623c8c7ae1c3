import type { HomeAssistantState } from '@teplo/domain'

/** The colour of the state's chip: green when connected, red when failed, neutral while connecting. */
export const STATE_COLOR = {
  connecting: 'info',
  connected: 'success',
  failed: 'error',
} as const satisfies Record<HomeAssistantState, 'info' | 'success' | 'error'>
