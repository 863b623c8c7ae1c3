/** A temperature alarm clears only this many degrees back on the safe side of its threshold (hysteresis). */
export const ALARM_TEMP_HYSTERESIS = { overheat: 5, frost: 3 } as const

/** "The fire went out": burner off in a heating work mode and the water cooling for this long. */
export const FIRE_OUT_MINUTES = 15
/** …by at least this much over that time. */
export const FIRE_OUT_DROP = 2
/** Water warming by more than this restarts the "cooling" watch: heat is being made. */
export const FIRE_OUT_RISE = 0.5

/**
 * Work modes in which the controller means to be heating (supervision, modulation, full power, ignition,
 * stabilisation, flame search): with the burner off in one of these, the fire may have gone out.
 */
export const HEATING_WORK_MODES: readonly number[] = [5, 6, 7, 8, 9, 11]

/**
 * Two controllers with one device's credentials take its broker session from each other in turn: each
 * connection says `online` with its own boot id. A boot id that comes back after another one is a takeover
 * (one controller never returns to an earlier boot); this many within the window are a clone (ADR 037).
 */
export const IDENTITY_CONFLICT_TAKEOVERS = 2
export const IDENTITY_CONFLICT_WINDOW_MINUTES = 60

/** Whether two controllers use the device's identity now: enough takeovers, the last within the window. */
export function identityConflictActive(takeovers: number, lastTakeoverAt: Date | null, now: Date): boolean {
  return (
    takeovers >= IDENTITY_CONFLICT_TAKEOVERS &&
    lastTakeoverAt !== null &&
    now.getTime() - lastTakeoverAt.getTime() < IDENTITY_CONFLICT_WINDOW_MINUTES * 60_000
  )
}

/** The device reports readings (on or off, not waiting for pairing, silent or archived). */
export const reporting = (status: string) => status === 'on' || status === 'off'
