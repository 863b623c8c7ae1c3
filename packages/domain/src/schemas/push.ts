import { z } from 'zod'
import { plainText } from './fields'

export const PUSH_ENDPOINT_MAX_LENGTH = 2048

const ENDPOINT_REQUIRED = 'Вкажіть адресу підписки (endpoint)'
const ENDPOINT_INVALID = 'Адреса підписки має бути адресою https://'
const P256DH_INVALID = 'Ключ p256dh має бути відкритим ключем P-256 (65 байтів, base64url)'
const AUTH_INVALID = 'Ключ auth має бути 16 байтами в base64url'

// base64url without padding (browsers give it so; a trailing '=' is tolerated). An uncompressed P-256 point is
// 65 bytes starting with 0x04, so 87 characters starting with 'B'; the auth secret is 16 bytes, 22 characters.
const P256DH_PATTERN = /^B[A-Za-z0-9_-]{86}=?$/
const AUTH_PATTERN = /^[A-Za-z0-9_-]{22}(==)?$/

// Written without URL (this package runs anywhere): a host without user info, then an optional path.
const HTTPS_ENDPOINT = /^https:\/\/[^\s/?#@\\]+(?:[/?#]\S*)?$/
const LOOPBACK_HTTP_ENDPOINT = /^http:\/\/(?:127\.0\.0\.1|localhost|\[::1\])(?::\d{1,5})?(?:[/?#]\S*)?$/

/** http:// is a push service only on this machine (tests); the server refuses it outside tests. */
export function isLoopbackHttpEndpoint(endpoint: string): boolean {
  return LOOPBACK_HTTP_ENDPOINT.test(endpoint)
}

function isPushEndpoint(endpoint: string): boolean {
  return HTTPS_ENDPOINT.test(endpoint) || isLoopbackHttpEndpoint(endpoint)
}

/** POST /me/push-subscriptions: the browser's PushSubscription as `JSON.stringify(subscription)` gives it. */
export const pushSubscriptionSchema = z.object({
  endpoint: plainText(ENDPOINT_REQUIRED)
    .min(1, { error: ENDPOINT_REQUIRED })
    .max(PUSH_ENDPOINT_MAX_LENGTH, { error: `Адреса підписки довша за ${PUSH_ENDPOINT_MAX_LENGTH} символів` })
    .refine(isPushEndpoint, { error: ENDPOINT_INVALID }),
  // When the push service will end the subscription (milliseconds since 1970), if it says.
  expirationTime: z.number({ error: 'expirationTime має бути числом або null' }).nullable().optional(),
  keys: z.object(
    {
      p256dh: z.string({ error: P256DH_INVALID }).regex(P256DH_PATTERN, { error: P256DH_INVALID }),
      auth: z.string({ error: AUTH_INVALID }).regex(AUTH_PATTERN, { error: AUTH_INVALID }),
    },
    { error: 'Вкажіть ключі підписки (keys.p256dh і keys.auth)' },
  ),
})
export type PushSubscriptionInput = z.input<typeof pushSubscriptionSchema>
export type PushSubscriptionData = z.infer<typeof pushSubscriptionSchema>
