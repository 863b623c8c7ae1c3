import { isIP } from 'node:net'
import { msg } from '@teplo/domain'
import { invalidField } from '../../lib/api-error.ts'
import {
  isLocalHostName,
  isPublicAddress,
  type Resolver,
  resolvesPrivately,
  socketHost,
} from '../../lib/public-address.ts'

/** Where webhooks may post (ADR 061): public https addresses, or anything when the site allows its own network. */
export type WebhookAddressPolicy = { allowPrivate: boolean; resolve: Resolver }

export const WEBHOOK_NOT_PUBLIC = msg('server.webhooks.notPublic')

/** The checks that need no network: https, not a local name, not a private address written out. */
export function webhookUrlAllowed(url: URL, policy: Pick<WebhookAddressPolicy, 'allowPrivate'>): boolean {
  if (policy.allowPrivate) return url.protocol === 'https:' || url.protocol === 'http:'
  const host = socketHost(url)
  if (url.protocol !== 'https:') return false
  if (isIP(host) !== 0) return isPublicAddress(host)
  return !isLocalHostName(host)
}

// A webhook is not held up by a slow resolver: each delivery checks the address again on its socket anyway.
const CREATE_RESOLVE_MS = 2000

/**
 * At creation or change: the name checks, then the host's addresses as they resolve now — any private one is a
 * 422 on `url`. A name that does not resolve now is accepted; the delivery resolves it on the socket it uses.
 */
export async function checkWebhookUrl(text: string, policy: WebhookAddressPolicy): Promise<void> {
  const url = new URL(text)
  if (!webhookUrlAllowed(url, policy)) throw invalidField('url', WEBHOOK_NOT_PUBLIC)
  if (policy.allowPrivate) return
  if (await resolvesPrivately(socketHost(url), policy.resolve, CREATE_RESOLVE_MS))
    throw invalidField('url', WEBHOOK_NOT_PUBLIC)
}
