import { createHmac, timingSafeEqual } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export type ReceivedHook = { headers: http.IncomingHttpHeaders; body: string; json: Record<string, unknown> }

/**
 * A webhook receiver on 127.0.0.1: keeps what it is sent, answers `status`. `stop()` closes the port and `start()`
 * opens the same port again (a receiver that was down and came back).
 */
export async function startWebhookReceiver(port = 0) {
  const receiver = {
    received: [] as ReceivedHook[],
    status: 200,
    port,
    url: (path = '/hooks') => `http://127.0.0.1:${receiver.port}${path}`,
    server: null as http.Server | null,
    async start() {
      const server = http.createServer((request, response) => {
        const chunks: Buffer[] = []
        request.on('data', (chunk: Buffer) => chunks.push(chunk))
        request.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8')
          receiver.received.push({ headers: request.headers, body, json: JSON.parse(body) })
          response.statusCode = receiver.status
          response.end()
        })
      })
      await new Promise<void>((resolve) => server.listen(receiver.port, '127.0.0.1', resolve))
      receiver.port = (server.address() as AddressInfo).port
      receiver.server = server
    },
    async stop() {
      const server = receiver.server
      receiver.server = null
      if (server) await new Promise((resolve) => server.close(resolve))
    },
  }
  await receiver.start()
  return receiver
}

/** What a receiver does with Teplo-Signature (docs/integrations.md): recompute and compare in constant time. */
export function verifyTeploSignature(secret: string, header: string, body: string, toleranceSeconds = 300) {
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=') as [string, string]))
  const t = Number(parts.t)
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest()
  const given = Buffer.from(parts.v1 ?? '', 'hex')
  return given.length === expected.length && timingSafeEqual(given, expected)
}
