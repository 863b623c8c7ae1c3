// Wrong pairing codes counted per address and serial, in memory on each instance: a stranger who keeps guessing
// locks out only their own address, never the installer's controller. The device-wide counter in the database
// (a much higher threshold) still caps guessing spread over many addresses.
const MAX_ENTRIES = 10_000

type Entry = { failures: number; lockedUntil: number; lastAt: number }

export class PairingAttempts {
  private readonly entries = new Map<string, Entry>()

  constructor(
    private readonly maxFailures: number,
    private readonly lockMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** When this address may try this serial again; null when it may try now. */
  lockedUntil(address: string, serial: string): Date | null {
    const entry = this.entries.get(`${address} ${serial}`)
    return entry && entry.lockedUntil > this.now() ? new Date(entry.lockedUntil) : null
  }

  /** Records a wrong code; answers how many tries this address has left (0: now locked). */
  failed(address: string, serial: string): number {
    const key = `${address} ${serial}`
    const now = this.now()
    const previous = this.entries.get(key)
    const fresh = !previous || now - previous.lastAt > this.lockMs
    const failures = (fresh ? 0 : previous.failures) + 1
    const lockNow = failures >= this.maxFailures
    this.entries.delete(key)
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value
      if (oldest !== undefined) this.entries.delete(oldest)
    }
    this.entries.set(key, {
      failures: lockNow ? 0 : failures,
      lockedUntil: lockNow ? now + this.lockMs : 0,
      lastAt: now,
    })
    return lockNow ? 0 : this.maxFailures - failures
  }

  succeeded(serial: string): void {
    for (const key of this.entries.keys()) if (key.endsWith(` ${serial}`)) this.entries.delete(key)
  }
}
