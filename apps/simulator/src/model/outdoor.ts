// The outdoor temperature the simulated controllers report (optional telemetry within v1): a seasonal curve
// (about −4 °C in late January, 22 °C in late July) with a day and night swing of ±4 °C, coldest at 04:00 Kyiv.
// A function of the time alone, so the generated past and the live boiler agree.

const DAY_MS = 86_400_000

export function outdoorTemp(ms: number): number {
  const date = new Date(ms)
  const dayOfYear = (ms - Date.UTC(date.getUTCFullYear(), 0, 1)) / DAY_MS
  const seasonal = 9 - 13 * Math.cos((2 * Math.PI * (dayOfYear - 20)) / 365)
  // Kyiv's hour (UTC+2; the summer hour does not matter to a curve).
  const hour = (((ms / 3_600_000 + 2) % 24) + 24) % 24
  const daily = -4 * Math.cos((2 * Math.PI * (hour - 4)) / 24)
  return Math.round((seasonal + daily) * 10) / 10
}
