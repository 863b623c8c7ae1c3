export type Distribution = { samples: number; p50: number | null; p99: number | null; max: number | null }

/** Nearest-rank percentile of the samples (ms), rounded to 0.1 ms. */
export function percentile(sorted: number[], p: number): number | null {
  if (sorted.length === 0) return null
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)))
  return Math.round(sorted[rank - 1]! * 10) / 10
}

export function distribution(samples: number[]): Distribution {
  const sorted = [...samples].sort((a, b) => a - b)
  return {
    samples: sorted.length,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: percentile(sorted, 100),
  }
}

export const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits
