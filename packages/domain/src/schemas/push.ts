import { z } from 'zod'
import { msg } from '../i18n/message'
import { plainText } from './fields'

export const PUSH_ENDPOINT_MAX_LENGTH = 2048

const ENDPOINT_REQUIRED = msg('validation.push.endpointRequired')
const ENDPOINT_INVALID = msg('validation.push.endpointHttps')
const P256DH_INVALID = msg('validation.push.p256dh')
const AUTH_INVALID = msg('validation.push.auth')

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
    .max(PUSH_ENDPOINT_MAX_LENGTH, {
      error: msg('validation.push.endpointTooLong', { max: PUSH_ENDPOINT_MAX_LENGTH }),
    })
    .refine(isPushEndpoint, { error: ENDPOINT_INVALID }),
  // When the push service will end the subscription (milliseconds since 1970), if it says.
  expirationTime: z
    .number({ error: msg('validation.push.expirationTime') })
    .nullable()
    .optional(),
  keys: z.object(
    {
      p256dh: z.string({ error: P256DH_INVALID }).regex(P256DH_PATTERN, { error: P256DH_INVALID }),
      auth: z.string({ error: AUTH_INVALID }).regex(AUTH_PATTERN, { error: AUTH_INVALID }),
    },
    { error: msg('validation.push.keysRequired') },
  ),
})
export type PushSubscriptionInput = z.input<typeof pushSubscriptionSchema>
export type PushSubscriptionData = z.infer<typeof pushSubscriptionSchema>
