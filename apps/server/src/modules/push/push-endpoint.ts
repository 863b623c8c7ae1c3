import { isIP } from 'node:net'
import { isLoopbackHttpEndpoint, msg } from '@teplo/domain'
import { invalidField } from '../../lib/api-error.ts'
import {
  isLocalHostName,
  PrivateAddressError,
  type Resolver,
  resolvePublic,
  socketHost,
} from '../../lib/public-address.ts'

/**
 * Where the server may post web push (ADR 045). `allowedHosts`: empty, any host whose addresses are all public;
 * else only these (`*.example.com` for its subdomains). `allowLoopback`: http:// on this machine, for a test's
 * own push service — set explicitly, never by default.
 */
export type PushEndpointPolicy = {
  allowedHosts: readonly string[]
  allowLoopback: boolean
  resolve: Resolver
}

export const PUSH_ENDPOINT_MESSAGES = {
  notPublic: msg('server.push.endpointNotHttps'),
  notAllowed: msg('server.push.serviceNotAllowed'),
} as const

/** The host as a socket would use it: without brackets and without the trailing dot of a fully qualified name. */
export const endpointHost = socketHost

export function hostAllowed(host: string, allowedHosts: readonly string[]): boolean {
  if (allowedHosts.length === 0) return true
  return allowedHosts.some((entry) =>
    entry.startsWith('*.') ? host.endsWith(entry.slice(1)) && host.length > entry.length - 1 : host === entry,
  )
}

/** Whether the endpoint is a loopback http:// one that the policy lets through (tests only). */
export function loopbackAllowed(
  endpoint: string,
  policy: Pick<PushEndpointPolicy, 'allowLoopback'>,
): boolean {
  return policy.allowLoopback && isLoopbackHttpEndpoint(endpoint)
}

/** The checks that need no network: https, a name (not an address), not a local name, on the allow-list. */
export function checkEndpointName(endpoint: string, policy: Omit<PushEndpointPolicy, 'resolve'>): URL {
  const url = new URL(endpoint)
  const host = endpointHost(url)
  const local = isLocalHostName(host)
  if (url.protocol !== 'https:' || isIP(host) !== 0 || local) {
    throw invalidField('endpoint', PUSH_ENDPOINT_MESSAGES.notPublic)
  }
  if (!hostAllowed(host, policy.allowedHosts))
    throw invalidField('endpoint', PUSH_ENDPOINT_MESSAGES.notAllowed)
  return url
}

// A subscription is not held up by a slow resolver: delivery checks the address again anyway.
const SUBSCRIBE_RESOLVE_MS = 2000

/**
 * At subscription: the name checks, then the host's addresses as they resolve now — any private one is a 422.
 * A name that does not resolve now is accepted (the push service may be unreachable from here for a while);
 * the delivery resolves it again on the socket it uses and refuses a private address then.
 */
export async function checkPushEndpoint(endpoint: string, policy: PushEndpointPolicy): Promise<void> {
  if (loopbackAllowed(endpoint, policy)) return
  const url = checkEndpointName(endpoint, policy)
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), SUBSCRIBE_RESOLVE_MS)
  })
  try {
    await Promise.race([resolvePublic(endpointHost(url), policy.resolve), timeout])
  } catch (error) {
    if (error instanceof PrivateAddressError) throw invalidField('endpoint', PUSH_ENDPOINT_MESSAGES.notPublic)
  } finally {
    clearTimeout(timer)
  }
}
