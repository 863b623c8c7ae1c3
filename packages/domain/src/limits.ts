/** Business constants and limits of spec §9; temperatures in °C, power in kW. */
export const LIMITS = {
  heaterTemp: { min: 0, max: 80 },
  tankTemp: { min: 0, max: 80 },
  gasTemp: { min: 80, max: 500, defaultMin: 80, defaultMax: 500 },
  burnerPower: { min: 5, max: 1000, defaultMax: 100, gaugeMax: 90 },
  hysteresis: { min: 0, max: 8, default: 5, step: 0.5 },
  flame: { min: 0, max: 100, segments: 18 },
  refreshIntervalMs: 30_000,
  gaugeAnimationMs: 500,
  counterAnimationMs: 6_000,
  toastTimeoutMs: 2_000,
  toastWidthPx: 300,
  chunkLoadTimeoutMs: 120_000,
  tablePageSize: 5,
  maxPageNumbers: 5,
  deviceListPageSize: 15,
  maxPageSize: 100,
  searchDebounceMs: 300,
  verificationCodeLength: 4,
  minPasswordLength: 8,
  coolantAlarmTemp: 90,
  pelletReceiverAlarmTemp: 80,
  resetEmailWithinSeconds: 60,
  resetTokenLifetimeMinutes: 60,
} as const

export const MIN_PASSWORD_LENGTH = LIMITS.minPasswordLength
export const REFRESH_INTERVAL_MS = LIMITS.refreshIntervalMs
export const SEARCH_DEBOUNCE_MS = LIMITS.searchDebounceMs
export const TOAST_TIMEOUT_MS = LIMITS.toastTimeoutMs
export const TABLE_PAGE_SIZE = LIMITS.tablePageSize
export const DEVICE_LIST_PAGE_SIZE = LIMITS.deviceListPageSize
export const MAX_PAGE_SIZE = LIMITS.maxPageSize
export const VERIFICATION_CODE_LENGTH = LIMITS.verificationCodeLength
export const FLAME_SEGMENTS = LIMITS.flame.segments

/** Ids are PostgreSQL integers: decimal digits without a leading zero, at most 2147483647. */
export const MAX_ID = 2_147_483_647
export const ID_PATTERN = /^[1-9]\d{0,9}$/

/** Lists are sorted by creation date unless asked otherwise; '-created_at' sorts descending. */
export const DEFAULT_SORT = 'created_at'

/** Keeps a typed value inside a stepper's range; a non-number falls back to the minimum. */
export function clamp(value: number, min: number, max: number): number {
  if (Number.isNaN(value)) return min
  return Math.min(Math.max(value, min), max)
}
