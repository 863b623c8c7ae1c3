import { DEVICE_TOPIC_ROOT } from '@teplo/domain'
import type { FastifyBaseLogger } from 'fastify'

/**
 * Where the server's link self-check publishes: a topic of its own shared subscription (`…/+/status`) that no
 * device can publish to (its serial segment is not digits) and the ingest never sees.
 */
export const LINK_CHECK_TOPIC = `${DEVICE_TOPIC_ROOT}/link-check/status`

/** What /health says of the device link. */
export type LinkHealth = {
  status: 'ok' | 'failing'
  /** Why it is failing, in English for the operator; null when ok. */
  reason: string | null
  /** How the link is checked: a canary through the broker, or not needed (the broker is in this process). */
  check: 'canary' | 'in-process' | 'refused-by-broker'
  /** Seconds since a canary last came back (any instance's: they share the subscription); null if never. */
  last_canary_seconds_ago: number | null
}

export type LinkCheckOptions = {
  periodMs: number
  log: FastifyBaseLogger
  publish: (payload: string) => Promise<void>
  /** Connected, with its subscriptions granted; or why not. */
  state: () => { connected: boolean; subscribed: boolean; refusal: string | null }
}

const REPEAT_LOG_MS = 60_000

/**
 * The link self-check (issue 28): every period the server publishes a canary to a topic of its own shared
 * subscription and expects canaries back. Several instances share the subscription, so a canary may come back
 * to another instance; each instance publishes its own, so each still receives about one per period. No canary
 * for three periods, a broker away or subscriptions refused: the link is failing (/health 503), said in the log
 * once, then every minute, and once more when it flows again.
 */
export class LinkCheck {
  private lastCanaryAt: number | null = null
  private readonly startedAt = Date.now()
  private refused = false
  private failingSince: number | null = null
  private loggedAt = 0
  private seq = 0
  private readonly timer: NodeJS.Timeout

  constructor(private readonly options: LinkCheckOptions) {
    this.timer = setInterval(() => this.tick(), options.periodMs)
    this.timer.unref()
  }

  /** A canary came back (from this instance or another one). */
  received(): void {
    this.lastCanaryAt = Date.now()
  }

  health(now = Date.now()): LinkHealth {
    const { connected, subscribed, refusal } = this.options.state()
    const ago = this.lastCanaryAt === null ? null : Math.round((now - this.lastCanaryAt) / 1000)
    const check = this.refused ? 'refused-by-broker' : 'canary'
    const failing = (reason: string): LinkHealth => ({
      status: 'failing',
      reason,
      check,
      last_canary_seconds_ago: ago,
    })
    if (!connected) return failing('device link: not connected to the broker')
    if (refusal) return failing(`device link: the broker refused the server's subscriptions (${refusal})`)
    const limit = this.options.periodMs * 3
    const since = this.lastCanaryAt ?? this.startedAt
    // A broker refusing the canary's publish (an ACL without it) cannot be checked this way: reported, not failed.
    if (!this.refused && now - since > limit) {
      return failing(
        subscribed
          ? `device link: no link-check message came back through the broker for ${Math.round((now - since) / 1000)} s`
          : 'device link: subscribing to the broker',
      )
    }
    return { status: 'ok', reason: null, check, last_canary_seconds_ago: ago }
  }

  stop(): void {
    clearInterval(this.timer)
  }

  private tick(): void {
    const { connected } = this.options.state()
    if (connected) {
      const payload = JSON.stringify({ seq: ++this.seq, ts: new Date().toISOString() })
      this.options.publish(payload).then(
        () => {
          this.refused = false
        },
        (err: Error) => {
          // MQTT 5 PUBACK 0x87: the server's account may not publish there (docs/operations.md).
          if (/not authori[sz]ed|0x87|\b135\b/i.test(err.message)) {
            if (!this.refused)
              this.options.log.warn(
                { topic: LINK_CHECK_TOPIC, err: err.message },
                'device link: the broker refuses the link check; grant the server publishClientSend on this ' +
                  'topic (docs/operations.md), the link is not checked meanwhile',
              )
            this.refused = true
          }
        },
      )
    }
    this.report()
  }

  private report(): void {
    const now = Date.now()
    const health = this.health(now)
    const { log } = this.options
    if (health.status === 'failing') {
      if (this.failingSince === null) this.failingSince = now
      if (now - this.loggedAt >= REPEAT_LOG_MS) {
        this.loggedAt = now
        log.error(
          { reason: health.reason, failingForS: Math.round((now - this.failingSince) / 1000) },
          'device link: failing; /health answers 503',
        )
      }
      return
    }
    if (this.failingSince !== null) {
      log.warn(
        { failedForS: Math.round((now - this.failingSince) / 1000) },
        'device link: messages flow through the broker again',
      )
      this.failingSince = null
      this.loggedAt = 0
    }
  }
}
