import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'

const run = promisify(execFile)

/** A port the system says is free (never one of the machine's shared services). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function postgresBin(): string {
  const root = '/usr/lib/postgresql'
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(path.join(root, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : []
  if (versions.length === 0)
    throw new Error('PostgreSQL server binaries not found under /usr/lib/postgresql/*/bin')
  return path.join(root, versions[0] as string, 'bin')
}

// PostgreSQL refuses to run as root: as root, its commands run as the postgres user.
const asRoot = process.getuid?.() === 0
function pgCommand(bin: string, args: string[]): [string, string[]] {
  return asRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args]
}

/**
 * A PostgreSQL of the test's own: initdb into a temporary directory, on a free port, stopped and started at
 * will. Never the machine's shared server.
 */
export class PrivatePostgres {
  private constructor(
    readonly dir: string,
    readonly port: number,
    private readonly bin: string,
  ) {}

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`
  }

  static async create(): Promise<PrivatePostgres> {
    const bin = postgresBin()
    const dir = await mkdtemp(path.join(os.tmpdir(), 'teplo-faults-pg-'))
    if (asRoot) {
      await chmod(dir, 0o777)
      await run('chown', ['postgres', dir])
    }
    const [cmd, args] = pgCommand(path.join(bin, 'initdb'), [
      '-D',
      path.join(dir, 'data'),
      '-U',
      'postgres',
      '--auth=trust',
      '--no-sync',
      '-E',
      'UTF8',
    ])
    await run(cmd, args)
    const db = new PrivatePostgres(dir, await freePort(), bin)
    await db.start()
    return db
  }

  async start(): Promise<void> {
    const options = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60`
    const [cmd, args] = pgCommand(path.join(this.bin, 'pg_ctl'), [
      '-D',
      path.join(this.dir, 'data'),
      '-o',
      options,
      '-l',
      path.join(this.dir, 'log'),
      '-w',
      'start',
    ])
    await run(cmd, args)
  }

  /** Fast shutdown: sessions are ended, the port closes; nothing committed is lost. */
  async stop(): Promise<void> {
    const [cmd, args] = pgCommand(path.join(this.bin, 'pg_ctl'), [
      '-D',
      path.join(this.dir, 'data'),
      '-m',
      'fast',
      '-w',
      'stop',
    ])
    await run(cmd, args)
  }

  async createDatabase(name: string): Promise<string> {
    await this.query(`create database ${name}`)
    return `postgres://postgres@127.0.0.1:${this.port}/${name}`
  }

  async query<T extends pg.QueryResultRow>(sql: string, database = 'postgres'): Promise<T[]> {
    const client = new pg.Client({
      connectionString: `postgres://postgres@127.0.0.1:${this.port}/${database}`,
    })
    await client.connect()
    try {
      return (await client.query<T>(sql)).rows
    } finally {
      await client.end()
    }
  }

  async destroy(): Promise<void> {
    await this.stop().catch(() => {})
    await rm(this.dir, { recursive: true, force: true })
  }
}

/**
 * A Mosquitto of the test's own on a free port (anonymous, generous queues for the server's session). With
 * `persistence`, sessions and queued messages are saved in its directory (at a stop, and every second) and
 * restored at its next start, as docs/operations.md recommends for production.
 */
export class PrivateMosquitto {
  private child: ChildProcess | null = null
  private output = ''

  private constructor(
    readonly dir: string,
    readonly port: number,
  ) {}

  get url(): string {
    return `mqtt://127.0.0.1:${this.port}`
  }

  get log(): string {
    return this.output
  }

  static async create(options: { persistence?: boolean } = {}): Promise<PrivateMosquitto> {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'teplo-faults-mq-'))
    const broker = new PrivateMosquitto(dir, await freePort())
    await writeFile(
      path.join(dir, 'mosquitto.conf'),
      [
        `listener ${broker.port} 127.0.0.1`,
        'allow_anonymous true',
        ...(options.persistence
          ? ['persistence true', `persistence_location ${dir}/`, 'autosave_interval 1']
          : ['persistence false']),
        'max_queued_messages 100000',
        'log_dest stderr',
        'log_type error',
        'log_type warning',
        '',
      ].join('\n'),
    )
    await broker.start()
    return broker
  }

  async start(): Promise<void> {
    const child = spawn('mosquitto', ['-c', path.join(this.dir, 'mosquitto.conf')], {
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    this.child = child
    child.stdout?.on('data', (chunk: Buffer) => {
      this.output += chunk.toString()
    })
    child.stderr?.on('data', (chunk: Buffer) => {
      this.output += chunk.toString()
    })
    const deadline = Date.now() + 10_000
    for (;;) {
      if (child.exitCode !== null) throw new Error(`mosquitto exited: ${this.output}`)
      const open = await new Promise<boolean>((resolve) => {
        const socket = net.connect(this.port, '127.0.0.1', () => {
          socket.end()
          resolve(true)
        })
        socket.once('error', () => resolve(false))
      })
      if (open) return
      if (Date.now() > deadline) throw new Error(`mosquitto did not listen on ${this.port}: ${this.output}`)
      await sleep(100)
    }
  }

  async stop(): Promise<void> {
    const child = this.child
    if (!child || child.exitCode !== null || child.signalCode !== null) return
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    await exited
    this.child = null
  }

  /** Killed (SIGKILL): no goodbye to its clients, nothing saved since its last autosave. */
  async kill(): Promise<void> {
    const child = this.child
    if (!child || child.exitCode !== null || child.signalCode !== null) return
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGKILL')
    await exited
    this.child = null
  }

  /** Paused (SIGSTOP): its connections stay open and unanswered until `resume()` (SIGCONT). */
  pause(): void {
    this.child?.kill('SIGSTOP')
  }

  resume(): void {
    this.child?.kill('SIGCONT')
  }

  async destroy(): Promise<void> {
    this.resume()
    await this.stop()
    await rm(this.dir, { recursive: true, force: true })
  }
}

/**
 * A TCP relay between the server and its broker, cut at will: `cut()` destroys every relayed connection at once
 * (both sides see a reset, whatever was in flight is lost on the wire) and refuses new ones until `restore()`.
 */
export class CutProxy {
  private readonly pairs = new Set<[net.Socket, net.Socket]>()
  /** Broker-side sockets left open by a half-open cut. */
  private readonly stale = new Set<net.Socket>()
  private open = true
  private readonly server = net.createServer((inbound) => {
    if (!this.open) {
      inbound.destroy()
      return
    }
    const outbound = net.connect(this.targetPort, '127.0.0.1')
    const pair: [net.Socket, net.Socket] = [inbound, outbound]
    this.pairs.add(pair)
    const end = () => {
      inbound.destroy()
      outbound.destroy()
      this.pairs.delete(pair)
    }
    inbound.on('error', end).on('close', end)
    outbound.on('error', end).on('close', end)
    inbound.pipe(outbound)
    outbound.pipe(inbound)
  })

  private constructor(
    readonly port: number,
    private readonly targetPort: number,
  ) {}

  static async create(targetPort: number): Promise<CutProxy> {
    const proxy = new CutProxy(await freePort(), targetPort)
    await new Promise<void>((resolve, reject) => {
      proxy.server.once('error', reject)
      proxy.server.listen(proxy.port, '127.0.0.1', () => resolve())
    })
    return proxy
  }

  /** Connections relayed now. */
  get connections(): number {
    return this.pairs.size
  }

  /**
   * Both sides reset; or, `halfOpen`, only the server's side: the broker's side stays open and unread, as a
   * connection whose far end went silent does, until the broker gives it up or a new connection takes its session.
   */
  cut(options: { halfOpen?: boolean } = {}): void {
    this.open = false
    for (const pair of this.pairs) {
      const [inbound, outbound] = pair
      if (options.halfOpen) {
        for (const socket of pair)
          socket
            .removeAllListeners('close')
            .removeAllListeners('error')
            .on('error', () => {})
        inbound.unpipe(outbound)
        outbound.unpipe(inbound)
        outbound.pause()
        this.stale.add(outbound)
      } else outbound.resetAndDestroy()
      inbound.resetAndDestroy()
      this.pairs.delete(pair)
    }
  }

  restore(): void {
    this.open = true
  }

  close(): Promise<void> {
    this.cut()
    for (const socket of this.stale) socket.destroy()
    return new Promise((resolve) => this.server.close(() => resolve()))
  }
}
