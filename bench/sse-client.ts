import http from 'node:http'

export type SseEvent = { event: string; data: string }

/** A minimal EventSource for Node: one GET (signed in with the bearer token's header), events split on blank lines, no reconnect. */
export class SseClient {
  private request: http.ClientRequest | null = null
  private buffer = ''
  closedByServer = false

  constructor(
    private readonly url: string,
    private readonly token: string,
    private readonly onEvent: (event: SseEvent) => void,
  ) {}

  /** Resolves once the response headers are in (200), rejects otherwise. */
  open(): Promise<void> {
    return new Promise((resolve, reject) => {
      const headers = { accept: 'text/event-stream', authorization: `Bearer ${this.token}` }
      const request = http.get(this.url, { headers }, (res) => {
        if (res.statusCode !== 200) {
          res.resume()
          return reject(new Error(`SSE ${this.url}: ${res.statusCode}`))
        }
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => this.receive(chunk))
        res.on('end', () => {
          this.closedByServer = true
        })
        resolve()
      })
      request.on('error', (err) => {
        if (!this.request?.destroyed) reject(err)
      })
      this.request = request
    })
  }

  private receive(chunk: string): void {
    this.buffer += chunk
    for (let end = this.buffer.indexOf('\n\n'); end >= 0; end = this.buffer.indexOf('\n\n')) {
      const block = this.buffer.slice(0, end)
      this.buffer = this.buffer.slice(end + 2)
      let event = 'message'
      const data: string[] = []
      for (const line of block.split('\n')) {
        if (line.startsWith('event:')) event = line.slice(6).trim()
        else if (line.startsWith('data:')) data.push(line.slice(5).trimStart())
      }
      if (data.length > 0) this.onEvent({ event, data: data.join('\n') })
    }
  }

  close(): void {
    this.request?.destroy()
  }
}
