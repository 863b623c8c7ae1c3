import { createHmac, randomBytes } from 'node:crypto'

/** A new signing secret: `whsec_` and 32 random bytes in base64url. The HMAC key is the whole text (UTF-8). */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`
}

/**
 * The Teplo-Signature header (as Stripe's): `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`.
 * The time is signed with the body, so a receiver refuses a replay older than its tolerance.
 */
export function webhookSignature(secret: string, body: string, now: Date = new Date()): string {
  const t = Math.floor(now.getTime() / 1000)
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')
  return `t=${t},v1=${v1}`
}
