import { type ClientRequest, createServer, request as forward } from 'node:http'
import type { Socket } from 'node:net'

/**
 * The e2e server as the browser reaches it through a port that can be shut: `stop()` closes the port and drops
 * every open connection (the live stream included), exactly what a browser sees when the server process
 * ends; `start()` opens it again. The server itself keeps running for the other tests.
 */
export class CutOffProxy {
  private readonly sockets = new Set<Socket>()
  private readonly upstream = new Set<ClientRequest>()
  private readonly server = createServer((incoming, outgoing) => {
    const request = forward(
      {
        host: '127.0.0.1',
        port: this.targetPort,
        path: incoming.url,
        method: incoming.method,
        headers: incoming.headers,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(outgoing)
      },
    )
    this.upstream.add(request)
    request.on('close', () => this.upstream.delete(request))
    request.on('error', () => outgoing.destroy())
    incoming.pipe(request)
  })

  constructor(
    readonly port: number,
    private readonly targetPort: number,
  ) {
    this.server.on('connection', (socket) => {
      this.sockets.add(socket)
      socket.on('close', () => this.sockets.delete(socket))
    })
  }

  get origin() {
    return `http://localhost:${this.port}`
  }

  start(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject)
      this.server.listen(this.port, '127.0.0.1', () => {
        this.server.off('error', reject)
        resolve()
      })
    })
  }

  stop(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()))
    for (const socket of this.sockets) socket.destroy()
    for (const request of this.upstream) request.destroy()
    return closed
  }
}
