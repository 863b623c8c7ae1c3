import { createHash } from 'node:crypto'
import type { OtaDesiredMessage, OtaStatusMessage } from '@teplo/domain'

export interface FirmwareUpdaterOptions {
  serial: string
  /** The device's link secret: the download is authenticated with serial and secret (HTTP Basic). */
  password: string
  running: () => string
  install: (version: string) => void
  report: (status: OtaStatusMessage) => void
  now: () => number
  log: (line: string) => void
  fetch?: typeof fetch
}

// A link the server no longer knows or that has expired: a fresh one comes with the next ota/desired.
const STALE_LINK = new Set([404, 410])
const PROGRESS_STEP = 25

/**
 * The controller's firmware updater: downloads the image of an ota/desired message, checks its size and
 * SHA-256, and only then switches to it. Every step is reported on ota/status; a failure keeps the running
 * firmware. `corruptNextDownload` damages the next download in transit (the checksum then fails).
 */
export class FirmwareUpdater {
  private busy: string | null = null
  private corrupt = false
  /** The last update that failed here, and when (this controller's clock). */
  private lastFailure: { version: string; at: number } | null = null
  private readonly fetch: typeof fetch

  constructor(private readonly options: FirmwareUpdaterOptions) {
    this.fetch = options.fetch ?? globalThis.fetch
  }

  get updating(): boolean {
    return this.busy !== null
  }

  corruptNextDownload(): void {
    this.corrupt = true
  }

  /** Takes an ota/desired message; resolves when the update it asked for is over (or was not started). */
  async receive(desired: OtaDesiredMessage): Promise<void> {
    const { log, serial } = this.options
    if (desired.version === this.options.running()) {
      // Already running it (an update that finished before its report arrived, or a repeated message).
      this.status(desired.version, 'succeeded')
      return
    }
    // A request older than this controller's failure of that version is a copy sent before the failure was
    // known (the server sends a fresh link on every `online`): the failure stands, the server has it. A new try
    // (a new rollout) is asked for after the failure.
    const failure = this.lastFailure
    if (failure?.version === desired.version && Date.parse(desired.ts) < failure.at) {
      log(`${serial}: firmware ${desired.version} asked for before it failed here; not tried again`)
      return
    }
    const key = `${desired.version}:${desired.sha256}`
    // A fresh link for the update under way (sent when the device reconnects) does not start it again.
    if (this.busy === key) return
    if (this.busy) {
      log(`${serial}: firmware ${desired.version} waits for the update under way`)
      return
    }
    this.busy = key
    try {
      await this.update(desired)
    } catch (err) {
      this.status(desired.version, 'failed', { reason: `download failed: ${(err as Error).message}` })
    } finally {
      this.busy = null
    }
  }

  private async update(desired: OtaDesiredMessage): Promise<void> {
    const { log, serial, password } = this.options
    const authorization = `Basic ${Buffer.from(`${serial}:${password}`).toString('base64')}`
    const response = await this.fetch(desired.url, { headers: { authorization } })
    if (STALE_LINK.has(response.status)) {
      await response.body?.cancel()
      log(`${serial}: firmware link no longer valid (HTTP ${response.status}); waiting for a fresh one`)
      return
    }
    if (!response.ok || !response.body) {
      await response.body?.cancel()
      this.status(desired.version, 'failed', { reason: `download refused: HTTP ${response.status}` })
      return
    }
    this.status(desired.version, 'downloading', { progress: 0 })
    const hash = createHash('sha256')
    let received = 0
    let reported = 0
    const reader = response.body.getReader()
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      let chunk = Buffer.from(value)
      if (this.corrupt && chunk.length > 0) {
        this.corrupt = false
        chunk = Buffer.from(chunk)
        chunk[0] = chunk[0]! ^ 0xff
      }
      received += chunk.length
      if (received > desired.size) {
        await reader.cancel()
        this.status(desired.version, 'failed', {
          reason: `size mismatch: more than the announced ${desired.size} bytes`,
        })
        return
      }
      hash.update(chunk)
      const percent = Math.floor((received / desired.size) * 100)
      if (percent - reported >= PROGRESS_STEP && percent < 100) {
        reported = percent - (percent % PROGRESS_STEP)
        this.status(desired.version, 'downloading', { progress: reported })
      }
    }
    if (received !== desired.size) {
      this.status(desired.version, 'failed', {
        reason: `size mismatch: expected ${desired.size} bytes, got ${received}`,
      })
      return
    }
    const actual = hash.digest('hex')
    if (actual !== desired.sha256) {
      log(`${serial}: firmware ${desired.version} failed its checksum; keeping ${this.options.running()}`)
      this.status(desired.version, 'failed', {
        reason: `checksum mismatch: expected ${desired.sha256.slice(0, 12)}…, got ${actual.slice(0, 12)}…`,
      })
      return
    }
    this.status(desired.version, 'downloading', { progress: 100 })
    this.status(desired.version, 'installing')
    this.options.install(desired.version)
    log(`${serial}: firmware ${desired.version} installed`)
    this.status(desired.version, 'succeeded')
  }

  private status(
    version: string,
    state: OtaStatusMessage['state'],
    extra: { progress?: number; reason?: string } = {},
  ): void {
    if (state === 'failed') this.lastFailure = { version, at: this.options.now() }
    this.options.report({ version, state, ...extra, ts: new Date(this.options.now()).toISOString() })
  }
}
