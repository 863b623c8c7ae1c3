import http from 'node:http'

/** How one request ended, read the way a client sees it during a stop or restart. */
export type RawOutcome =
  | { kind: 'status'; status: number; jsonApi503: boolean }
  /** `stage`: the request was not yet sent, was sent, or its answer broke while being read. */
  | { kind: 'error'; code: string; stage: 'before sending' | 'sent' | 'reading the answer' }

/**
 * A JSON request over plain `http` (not fetch), so that a reset connection shows as its error code and at which
 * stage it happened. A 503 counts as the server's own only with a JSON:API body and `Retry-After`.
 */
export function rawJsonRequest(
  url: string,
  options: { method: string; body: object; token?: string; agent?: http.Agent | false },
): Promise<RawOutcome> {
  const payload = JSON.stringify(options.body)
  return new Promise((resolve) => {
    let sent = false
    const req = http.request(
      url,
      {
        method: options.method,
        agent: options.agent ?? false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        },
      },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => {
          text += chunk
        })
        res.on('end', () => {
          const status = res.statusCode ?? 0
          const jsonApi503 =
            status === 503 &&
            String(res.headers['content-type']).startsWith('application/vnd.api+json') &&
            Boolean(res.headers['retry-after']) &&
            text.includes('"errors"')
          resolve({ kind: 'status', status, jsonApi503 })
        })
        res.on('error', (err: NodeJS.ErrnoException) =>
          resolve({ kind: 'error', code: err.code ?? 'error', stage: 'reading the answer' }),
        )
      },
    )
    req.on('finish', () => {
      sent = true
    })
    req.on('error', (err: NodeJS.ErrnoException) =>
      resolve({ kind: 'error', code: err.code ?? 'error', stage: sent ? 'sent' : 'before sending' }),
    )
    req.end(payload)
  })
}
