import { DEVICE_LINK } from '@teplo/domain'

export const RECONNECT_BASE_MS = DEVICE_LINK.reconnectBackoffBaseSeconds * 1000
export const RECONNECT_MAX_MS = DEVICE_LINK.reconnectBackoffMaxSeconds * 1000

/**
 * The wait before the next connection attempt (docs/device-protocol.md, "Reconnecting and backing off"):
 * `failures` attempts in a row have ended without CONNACK 0 (0 after a working connection dropped). The
 * ceiling doubles per failure from `baseMs` up to `maxMs`; the wait is drawn between half the ceiling and the
 * ceiling, so a fleet that lost its broker at once does not return in step.
 */
export function reconnectDelayMs(
  failures: number,
  baseMs = RECONNECT_BASE_MS,
  maxMs = RECONNECT_MAX_MS,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.min(failures, 30))
  return Math.round(ceiling / 2 + random() * (ceiling / 2))
}
