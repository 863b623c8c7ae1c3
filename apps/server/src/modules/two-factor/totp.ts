import { Secret, TOTP } from 'otpauth'

// RFC 6238 as every authenticator app reads it: SHA-1, six digits, 30-second steps, a 160-bit secret.
const PERIOD = 30
const ISSUER = 'Teplo'

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32
}

function totpOf(secret: string, label = ''): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(secret),
  })
}

/** The `otpauth://totp/Teplo:<email>?secret=…&issuer=Teplo…` URI an authenticator app scans. */
export function totpUri(secret: string, email: string): string {
  return totpOf(secret, email).toString()
}

/**
 * The time step of `code` when it is valid now or one step before or after (clocks drift, people type slowly);
 * null otherwise. The caller accepts a step only once.
 */
export function totpStep(secret: string, code: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: 1 })
  if (delta === null) return null
  return TOTP.counter({ period: PERIOD, timestamp: now }) + delta
}
