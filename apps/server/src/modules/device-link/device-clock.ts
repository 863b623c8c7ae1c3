import { DEVICE_LINK } from '@teplo/domain'
import type { ReceivedMessage } from './received-message.ts'

/**
 * The earliest time a device's `ts` can honestly carry: protocol v1 did not exist before it, so an earlier time
 * (1970 after a reset of the real-time clock, a default of 2000) means the clock is not synchronised yet.
 */
export const EARLIEST_DEVICE_TIME = Date.parse('2025-01-01T00:00:00Z')

/** Why a device time cannot be trusted at the moment it was received; null when it can. */
export function untrustedTimeReason(ts: string, receivedAt: number): string | null {
  const at = Date.parse(ts)
  if (at > receivedAt + DEVICE_LINK.maxClockAheadSeconds * 1000) {
    return `ts ${ts} is ahead of the server clock by more than ${DEVICE_LINK.maxClockAheadSeconds} s`
  }
  if (at < EARLIEST_DEVICE_TIME) return `ts ${ts} is before 2025: the device clock is not synchronised`
  return null
}

export type ClockCorrection = { serial: string; channel: string; reason: string }

/**
 * Telemetry and error events whose `ts` is not trusted are kept, dated at the server's receive time instead
 * (ADR 017): a wrong clock can neither freeze later readings nor keep an event on top of the list. Returns the
 * batch with those times replaced and what was corrected.
 */
export function correctDeviceTimes(batch: ReceivedMessage[], now = Date.now()) {
  const corrections: ClockCorrection[] = []
  // Readings of one device received in the same millisecond still get distinct times (the series keeps one row
  // per device and time).
  const lastStamp = new Map<string, number>()
  const corrected = batch.map((received): ReceivedMessage => {
    if (received.channel !== 'telemetry' && received.channel !== 'events/error') return received
    const receivedAt = received.receivedAt ?? now
    const reason = untrustedTimeReason(received.message.ts, receivedAt)
    if (reason === null) return received
    corrections.push({ serial: received.serial, channel: received.channel, reason })
    const key = `${received.channel}:${received.serial}`
    const stamp = Math.max(receivedAt, (lastStamp.get(key) ?? 0) + 1)
    lastStamp.set(key, stamp)
    const message = { ...received.message, ts: new Date(stamp).toISOString() }
    return { ...received, message } as ReceivedMessage
  })
  return { batch: corrected, corrections }
}
