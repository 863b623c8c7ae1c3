import { errorCodeAction, errorCodeDescription, type ItemErrorResource, toErrorCode } from '@teplo/domain'
import { currentLanguage } from '../../../lib/i18n'

/** One fault code among a device's unarchived errors: how often it came, and when last. */
export interface ActiveFault {
  code: string
  description: string
  action: string
  count: number
  /** The newest event's wire time. */
  lastTime: string
}

/**
 * The device's active faults: its unarchived error events (newest first, as the API lists them) grouped by code,
 * the most recent code first. An error stays active until the controller says it ended (`ended_at`) or someone
 * archives it on the errors screen.
 */
export function activeFaults(events: readonly ItemErrorResource[]): ActiveFault[] {
  const byCode = new Map<string, ActiveFault>()
  for (const event of events) {
    if (event.attributes.ended_at) continue
    const code = toErrorCode(event.attributes.error_code) ?? event.attributes.error_code
    const known = byCode.get(code)
    if (known) {
      known.count += 1
      continue
    }
    byCode.set(code, {
      code,
      description: errorCodeDescription(code, currentLanguage()),
      action: errorCodeAction(code, currentLanguage()),
      count: 1,
      lastTime: event.attributes.error_time,
    })
  }
  return [...byCode.values()]
}
