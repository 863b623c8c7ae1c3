import http from 'node:http'
import type net from 'node:net'
import { freePort, sleep } from './engines.ts'

type Backend = { url: URL; up: boolean; agent: http.Agent; served: number }

/**
 * A load balancer as docs/operations.md configures HAProxy: `option httpchk GET /health` every 500 ms with
 * `fall 1 rise 1` (an instance leaves the rotation at its first answer other than 200 and comes back at its
 * first 200), round robin over the instances in rotation, keep-alive to them, and `retries 3` with
 * `option redispatch`: a connection the instance refused is tried on another one (nothing was sent). A request
 * arriving while no instance is in rotation waits for one up to 5 s (`timeout queue`), then 503.
 */
export class HealthCheckingProxy {
  private turn = 0
  private readonly backends: Backend[]
  private readonly timer: NodeJS.Timeout
  private readonly sockets = new Set<net.Socket>()
  private readonly server = http.createServer((req, res) => void this.forward(req, res))

  private constructor(
    readonly port: number,
    targets: string[],
  ) {
    this.backends = targets.map((target) => ({
      url: new URL(target),
      up: false,
      agent: new http.Agent({ keepAlive: true, maxSockets: 32 }),
      served: 0,
    }))
    this.timer = setInterval(() => this.check(), 500)
    this.server.on('connection', (socket) => {
      this.sockets.add(socket)
      socket.once('close', () => this.sockets.delete(socket))
    })
  }

  static async create(targets: string[]): Promise<HealthCheckingProxy> {
    const proxy = new HealthCheckingProxy(await freePort(), targets)
    proxy.check()
    await new Promise<void>((resolve, reject) => {
      proxy.server.once('error', reject)
      proxy.server.listen(proxy.port, '127.0.0.1', () => resolve())
    })
    return proxy
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`
  }

  inRotation(index: number): boolean {
    return this.backends[index]?.up ?? false
  }

  /** Requests each instance answered. */
  served(index: number): number {
    return this.backends[index]?.served ?? 0
  }

  async close(): Promise<void> {
    clearInterval(this.timer)
    for (const backend of this.backends) backend.agent.destroy()
    for (const socket of this.sockets) socket.destroy()
    await new Promise<void>((resolve) => this.server.close(() => resolve()))
  }

  private check(): void {
    for (const backend of this.backends) {
      const req = http.get(new URL('/health', backend.url), { agent: false, timeout: 1000 }, (res) => {
        backend.up = res.statusCode === 200
        res.resume()
      })
      req.on('timeout', () => req.destroy())
      req.on('error', () => {
        backend.up = false
      })
    }
  }

  private async pick(exclude: Set<Backend>): Promise<Backend | null> {
    const deadline = Date.now() + 5000
    for (;;) {
      for (let k = 0; k < this.backends.length; k++) {
        const backend = this.backends[(this.turn + k) % this.backends.length]!
        if (backend.up && !exclude.has(backend)) {
          this.turn = (this.turn + k + 1) % this.backends.length
          return backend
        }
      }
      if (Date.now() > deadline) return null
      await sleep(50)
    }
  }

  private async forward(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const body = Buffer.concat(chunks)
    const refused = new Set<Backend>()
    for (let attempt = 0; attempt < 4; attempt++) {
      const backend = await this.pick(refused)
      if (!backend) break
      const outcome = await new Promise<'done' | 'refused'>((resolve) => {
        const upstream = http.request(
          {
            host: backend.url.hostname,
            port: backend.url.port,
            method: req.method,
            path: req.url,
            headers: { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress ?? '' },
            agent: backend.agent,
          },
          (answer) => {
            backend.served += 1
            res.writeHead(answer.statusCode ?? 502, answer.headers)
            answer.pipe(res)
            answer.on('end', () => resolve('done'))
            answer.on('error', () => {
              res.destroy()
              resolve('done')
            })
          },
        )
        upstream.on('error', (err: NodeJS.ErrnoException) => {
          if (err.code === 'ECONNREFUSED') {
            resolve('refused')
            return
          }
          // Anything else after the request left: the client sees it, as behind HAProxy.
          if (!res.headersSent) res.writeHead(502).end()
          else res.destroy()
          resolve('done')
        })
        upstream.end(body)
      })
      if (outcome === 'done') return
      refused.add(backend)
    }
    res.writeHead(503, { 'content-type': 'text/plain' }).end('no instance in rotation')
  }
}
