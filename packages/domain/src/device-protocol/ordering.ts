/** What the receiver remembers of the last accepted telemetry of a device. */
export interface TelemetryPosition {
  boot_id?: string | null
  seq?: number | null
  ts: string | Date
}

function millis(ts: string | Date): number {
  return ts instanceof Date ? ts.getTime() : Date.parse(ts)
}

/**
 * True when `next` is newer than `last` and should update live state. Within one boot the sequence number
 * decides; across boots (or when only the time is stored) the timestamp must be strictly later.
 */
export function isNewerTelemetry(
  last: TelemetryPosition | null | undefined,
  next: TelemetryPosition,
): boolean {
  if (!last) return true
  if (last.boot_id && next.boot_id && last.boot_id === next.boot_id && last.seq != null && next.seq != null) {
    return next.seq > last.seq
  }
  return millis(next.ts) > millis(last.ts)
}
