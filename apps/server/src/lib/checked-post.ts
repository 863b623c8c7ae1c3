import http from 'node:http'
import https from 'node:https'
import { publicOnlyLookup, type Resolver } from './public-address.ts'

export type CheckedPost = {
  headers: Record<string, string>
  body: Buffer | string
  timeoutMs: number
  /**
   * Resolves the host as the socket connects and lets it use only public addresses (ADR 045); null: any address
   * (a test's own receiver, a site's own network when an operator allows it).
   */
  publicOnly: Resolver | null
}

/**
 * POSTs once on a fresh socket (no pooling: each call resolves and checks the address again) and answers the
 * status. A redirect is an answer, never followed; the body of the answer is discarded. Rejects with
 * PrivateAddressError (public-address.ts) when the host resolves to an address it may not use, and with the
 * socket's or the timeout's error otherwise. Shared by web push and webhooks.
 */
export function checkedPost(target: string | URL, request: CheckedPost): Promise<number> {
  const url = typeof target === 'string' ? new URL(target) : target
  const body = typeof request.body === 'string' ? Buffer.from(request.body) : request.body
  return new Promise((resolve, reject) => {
    const settings = {
      method: 'POST',
      headers: { ...request.headers, 'content-length': String(body.length) },
      signal: AbortSignal.timeout(request.timeoutMs),
      agent: false as const,
      ...(request.publicOnly ? { lookup: publicOnlyLookup(request.publicOnly) } : {}),
    }
    const sent = (url.protocol === 'https:' ? https : http).request(url, settings, (response) => {
      response.resume()
      resolve(response.statusCode ?? 0)
    })
    sent.on('error', reject)
    sent.end(body)
  })
}
