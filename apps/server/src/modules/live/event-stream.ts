import type { FastifyReply, FastifyRequest } from 'fastify'

/** A stream slower than this (bytes waiting in its socket) is closed; the browser reconnects and catches up. */
const MAX_BUFFERED_BYTES = 1024 * 1024
/** How long EventSource waits before reconnecting after the stream drops. */
const RETRY_MS = 3000

export type EventStream = {
  send(event: string, data: string): void
  /** With retryMs (a server stop): a last `shutdown` event tells EventSource to reconnect after that long. */
  close(retryMs?: number): void
  readonly closed: boolean
}

/**
 * Turns the reply into a Server-Sent Events stream (text/event-stream). Fastify no longer manages the reply;
 * headers set so far (security headers) are kept. onClose runs once, whoever ends the stream.
 */
export function openEventStream(
  request: FastifyRequest,
  reply: FastifyReply,
  onClose: () => void,
): EventStream {
  const res = reply.raw
  let closed = false
  const finish = () => {
    if (closed) return
    closed = true
    onClose()
  }
  reply.hijack()
  res.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    // The connection ends with the stream (EventSource reconnects anyway), so a shutdown never waits for it.
    connection: 'close',
    // Reverse proxies (nginx) must pass events through at once.
    'x-accel-buffering': 'no',
  })
  res.write(`retry: ${RETRY_MS}\n\n`)
  request.raw.on('close', finish)
  res.on('close', finish)
  res.on('error', finish)
  if (res.destroyed || request.raw.socket?.destroyed) closed = true

  const stream: EventStream = {
    get closed() {
      return closed
    },
    send(event, data) {
      if (closed) return
      if (res.writableLength > MAX_BUFFERED_BYTES) return stream.close()
      res.write(`event: ${event}\ndata: ${data}\n\n`)
    },
    close(retryMs) {
      if (retryMs !== undefined && !closed && !res.writableEnded) {
        res.write(
          `retry: ${retryMs}\nevent: shutdown\ndata: ${JSON.stringify({ reconnect_after_ms: retryMs })}\n\n`,
        )
      }
      // Once the last bytes are out the socket goes too, so a shutdown never waits for the browser.
      if (!res.writableEnded) res.end(() => res.socket?.destroy())
      finish()
    },
  }
  return stream
}
