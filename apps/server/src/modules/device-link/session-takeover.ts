import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../../db/client.ts'
import type { MessageSink } from './device-transport.ts'
import { publicBrokerUrl } from './external-broker.ts'
import { type DrainOutcome, drainLostSession } from './lost-session-drain.ts'
import {
  beat,
  claimLostSession,
  forgetSession,
  releaseLease,
  removeOwnSession,
  renewLease,
} from './server-sessions.ts'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export type SessionTakeoverOptions = {
  db: Database
  log: FastifyBaseLogger
  url: string
  /** This instance's own session. */
  clientId: string
  filters: string[]
  sessionExpirySeconds: number
  /** A session whose heartbeat is older than this is lost (MQTT_TAKEOVER_SECONDS). */
  staleSeconds: number
  onMessage: MessageSink
  /** Whether this instance's own connection to the broker is up (so the broker is there). */
  brokerConnected: () => boolean
}

const LEASE_SECONDS = 20
/** After the drain's connection closed: long enough for a broker going away to close ours too. */
const CLOSE_SETTLE_MS = 1000
/** A session found in use at the broker though its heartbeat is stale is left alone this long. */
const CONTESTED_MS = 5 * 60_000

/** The heartbeat's and the lost-session check's period: a sixth of the limit, between 0.5 and 5 s. */
export function heartbeatPeriodMs(staleSeconds: number): number {
  return Math.min(5000, Math.max(500, Math.round((staleSeconds * 1000) / 6)))
}

/**
 * No stranded readings (ADR 043): this instance writes its heartbeat to the database every few seconds, and
 * looks for another instance's session silent for longer than `staleSeconds`. One survivor leases it and drains
 * it (`drainLostSession`): what the broker queued for the lost instance is written through the normal ingest,
 * and the session ends, so the broker deals the lost share to the instances that remain.
 *
 * Never taken for lost by mistake: an instance claims nothing until its own heartbeats have succeeded for the
 * whole limit without a break (after its start, or after a database outage during which every heartbeat went
 * stale, the others have had the time to write theirs again).
 */
export class SessionTakeover {
  private readonly periodMs: number
  private timer: NodeJS.Timeout | null = null
  /** Since when every heartbeat of this instance has succeeded; null after a failed one. */
  private upSince: number | null = null
  private beating = false
  private claiming = false
  private beatFailing = false
  private draining: Promise<void> | null = null
  private readonly stopping = new AbortController()
  private readonly notBefore = new Map<string, number>()
  /** Sessions taken over and ended by this instance, for /health and the log. */
  taken = 0

  constructor(private readonly options: SessionTakeoverOptions) {
    this.periodMs = heartbeatPeriodMs(options.staleSeconds)
  }

  /** The first heartbeat, written before the broker connection: a takeover in progress gives the session back. */
  async beatOnce(): Promise<boolean> {
    const { db, clientId, log } = this.options
    try {
      await beat(db, clientId)
      this.upSince ??= Date.now()
      if (this.beatFailing) log.warn('device link: session heartbeat written again')
      this.beatFailing = false
      return true
    } catch (err) {
      this.upSince = null
      if (!this.beatFailing)
        log.error(
          { err: (err as Error).message },
          'device link: could not write the session heartbeat; no lost session is taken over meanwhile',
        )
      this.beatFailing = true
      return false
    }
  }

  /** Heartbeats from now on, and (`claim`) the lost-session check. */
  start(options: { claim: boolean }): void {
    this.claiming = options.claim
    this.timer = setInterval(() => void this.tick(), this.periodMs)
    this.timer.unref()
  }

  /** Stops: a drain in progress leaves the session as it is (its lease is given back). */
  async stop(options: { leavingForGood: boolean }): Promise<void> {
    if (this.timer) clearInterval(this.timer)
    this.stopping.abort()
    await this.draining
    if (options.leavingForGood) {
      await removeOwnSession(this.options.db, this.options.clientId).catch((err: Error) =>
        this.options.log.warn({ err: err.message }, 'device link: could not remove the session row'),
      )
    }
  }

  private async tick(): Promise<void> {
    if (this.beating || this.stopping.signal.aborted) return
    this.beating = true
    try {
      if (!(await this.beatOnce())) return
      const upFor = Date.now() - (this.upSince ?? Date.now())
      if (!this.claiming || this.draining || upFor < this.options.staleSeconds * 1000) return
      // Without its own broker connection an instance could not drain anything either.
      if (!this.options.brokerConnected()) return
      const now = Date.now()
      for (const [id, until] of this.notBefore) if (until < now) this.notBefore.delete(id)
      const lost = await claimLostSession(
        this.options.db,
        this.options.clientId,
        this.options.staleSeconds,
        LEASE_SECONDS,
        [...this.notBefore.keys()],
      )
      if (!lost || this.stopping.signal.aborted) return
      this.draining = this.takeOver(lost.clientId, lost.silentSeconds).finally(() => {
        this.draining = null
      })
    } catch (err) {
      this.options.log.error({ err: (err as Error).message }, 'device link: lost-session check failed')
    } finally {
      this.beating = false
    }
  }

  private async takeOver(lostId: string, silentSeconds: number): Promise<void> {
    const { db, log, clientId } = this.options
    const startedAt = Date.now()
    log.warn(
      { lost: lostId, silentS: Math.round(silentSeconds), broker: publicBrokerUrl(this.options.url) },
      "device link: taking over a lost instance's broker session to write its queued messages",
    )
    let outcome: DrainOutcome
    try {
      outcome = await drainLostSession({
        url: this.options.url,
        clientId: lostId,
        filters: this.options.filters,
        sessionExpirySeconds: this.options.sessionExpirySeconds,
        onMessage: this.options.onMessage,
        log,
        signal: this.stopping.signal,
        stillOurs: () => renewLease(db, lostId, clientId, LEASE_SECONDS),
      })
    } catch (err) {
      log.error({ err: (err as Error).message, lost: lostId }, 'device link: session takeover failed')
      await releaseLease(db, lostId, clientId).catch(() => {})
      return
    }
    const facts = {
      lost: lostId,
      messages: outcome.messages,
      sessionPresent: outcome.sessionPresent,
      tookMs: Date.now() - startedAt,
    }
    if (outcome.result === 'ended') {
      this.taken += 1
      // The row goes with the session (kept if the owner came back meanwhile: its heartbeat cleared our lease).
      await forgetSession(db, lostId, clientId).catch(() => {})
      log.warn(facts, "device link: lost instance's session drained and ended")
      return
    }
    await releaseLease(db, lostId, clientId).catch(() => {})
    // Closed with no reason while this instance's own connection stays up: the broker is there, so another
    // connection took the session (Mosquitto 2.0 says nothing when it throws the previous holder off).
    if (outcome.result === 'closed') await sleep(CLOSE_SETTLE_MS)
    if (outcome.result === 'taken' || (outcome.result === 'closed' && this.options.brokerConnected())) {
      // In use at the broker: its instance is alive though its heartbeat is stale (its database connection?).
      this.notBefore.set(lostId, Date.now() + CONTESTED_MS)
      log.error(
        facts,
        'device link: a session taken for lost is in use at the broker (its instance is connected but writes no ' +
          'heartbeat: check its database connection); left alone for 5 minutes',
      )
      return
    }
    // Not asked again every period while the broker refuses: once the limit has passed again.
    this.notBefore.set(lostId, Date.now() + this.options.staleSeconds * 1000)
    log.warn(
      { ...facts, result: outcome.result },
      "device link: lost instance's session left for a later attempt",
    )
  }
}
