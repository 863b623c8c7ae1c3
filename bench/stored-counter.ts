import { performance } from 'node:perf_hooks'

/**
 * Polls the stored count until it reaches target, or until it has not moved for stallMs (a lost message never
 * arrives). Returns the last count and the seconds it took.
 */
export async function waitForStored(
  count: () => Promise<number>,
  target: number,
  stallMs = 10_000,
): Promise<{ stored: number; seconds: number }> {
  const started = performance.now()
  let stored = await count()
  let movedAt = started
  while (stored < target && performance.now() - movedAt < stallMs) {
    await new Promise((resolve) => setTimeout(resolve, 100))
    const now = await count()
    if (now !== stored) movedAt = performance.now()
    stored = now
  }
  return { stored, seconds: (performance.now() - started) / 1000 }
}
