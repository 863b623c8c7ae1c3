import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs/promises'
import http from 'node:http'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url))

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer()
    server.once('error', () => resolve(false))
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)))
  })
}

/** A free port in 3400-3499 (the range these process tests keep to). */
export async function freePort(): Promise<number> {
  const start = 3400 + Math.floor(Math.random() * 100)
  for (let i = 0; i < 100; i++) {
    const port = 3400 + ((start - 3400 + i) % 100)
    if (await portIsFree(port)) return port
  }
  throw new Error('no free port in 3400-3499')
}

export async function tempDataDir(): Promise<string> {
  return fs.mkdtemp(path.join(os.tmpdir(), 'teplo-process-'))
}

export type ServerExit = { code: number | null; signal: NodeJS.Signals | null }

/** The real server (`node --import tsx src/main.ts`) as a child process with its own data directory. */
export class ServerProcess {
  readonly baseUrl: string
  readonly exited: Promise<ServerExit>
  private output = ''

  private constructor(
    readonly child: ChildProcess,
    readonly port: number,
  ) {
    this.baseUrl = `http://127.0.0.1:${port}`
    const keep = (chunk: Buffer) => {
      this.output += chunk.toString('utf8')
    }
    child.stdout?.on('data', keep)
    child.stderr?.on('data', keep)
    this.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })))
  }

  static start(options: { dataDir: string; port: number; env?: Record<string, string> }): ServerProcess {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        SERVE_WEB: 'false',
        HOST: '127.0.0.1',
        PORT: String(options.port),
        DATA_DIR: options.dataDir,
        DATABASE_URL: '',
        MQTT_URL: '',
        MQTT_HOST: '127.0.0.1',
        MQTT_PORT: '0',
        DEMO_DEVICES: 'false',
        LOG_LEVEL: 'warn',
        // A single instance: no time out of a balancer's rotation before the stop (tests that want it set it).
        SHUTDOWN_DELAY_SECONDS: '0',
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    return new ServerProcess(child, options.port)
  }

  get log(): string {
    return this.output
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null
  }

  /** Resolves once the server prints its address; rejects if it exits first. */
  async ready(timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs
    while (!this.output.includes('Teplo is running')) {
      if (!this.running) throw new Error(`the server exited before it was ready:\n${this.output}`)
      if (Date.now() > deadline) throw new Error(`the server did not start in time:\n${this.output}`)
      await new Promise((r) => setTimeout(r, 50))
    }
  }

  /** Whether a test sent this process a signal (an exit after one is the test's doing, not a crash). */
  signalled = false

  signal(signal: NodeJS.Signals): void {
    this.signalled = true
    this.child.kill(signal)
  }

  /** For cleanup: ends the process whatever state it is in. */
  async kill(): Promise<void> {
    if (!this.running) return
    this.signalled = true
    this.child.kill('SIGKILL')
    await this.exited
  }

  /**
   * Why this process ended or would have ended by itself: an unhandled 'error' event or rejection, an uncaught
   * exception (Node prints its version after any of them), or an exit nobody asked for. Null when none.
   */
  get crash(): string | null {
    const fatal = /Unhandled 'error' event|UnhandledPromiseRejection|unhandledRejection|^Node\.js v\d+/m.exec(
      this.output,
    )
    if (fatal) return `fatal error in the server's output (${fatal[0]}):\n${this.output.slice(-4000)}`
    if (!this.running && !this.signalled)
      return `the server exited by itself (${this.child.exitCode}):\n${this.output.slice(-4000)}`
    return null
  }
}

export type Outcome =
  | { kind: 'status'; status: number; headers: http.IncomingHttpHeaders; body: string }
  | { kind: 'error'; code: string }

export type RequestOptions = {
  method?: string
  path: string
  token?: string | undefined
  body?: unknown
  agent?: http.Agent | false
}

/** One HTTP request; a network failure is an outcome too (its error code), never a rejection. */
export function request(baseUrl: string, options: RequestOptions): Promise<Outcome> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body)
  return new Promise((resolve) => {
    const req = http.request(
      `${baseUrl}${options.path}`,
      {
        method: options.method ?? 'GET',
        agent: options.agent ?? false,
        headers: {
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        },
      },
      (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => {
          body += chunk
        })
        res.on('end', () =>
          resolve({ kind: 'status', status: res.statusCode ?? 0, headers: res.headers, body }),
        )
        res.on('error', (err: NodeJS.ErrnoException) =>
          resolve({ kind: 'error', code: err.code ?? err.message }),
        )
      },
    )
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ kind: 'error', code: err.code ?? err.message }))
    req.end(payload)
  })
}

export async function login(baseUrl: string, email: string, password: string): Promise<string> {
  const outcome = await request(baseUrl, { method: 'POST', path: '/api/v2/login', body: { email, password } })
  if (outcome.kind !== 'status' || outcome.status !== 200)
    throw new Error(`login failed: ${JSON.stringify(outcome)}`)
  return (JSON.parse(outcome.body) as { access_token: string }).access_token
}

/** A 503 as the API promises it while the server stops: JSON:API errors and a Retry-After. */
export function isJsonApiUnavailable(outcome: Outcome): boolean {
  if (outcome.kind !== 'status' || outcome.status !== 503) return false
  if (!String(outcome.headers['content-type']).startsWith('application/vnd.api+json')) return false
  if (!outcome.headers['retry-after']) return false
  try {
    const body = JSON.parse(outcome.body) as { errors?: unknown }
    return Array.isArray(body.errors) && body.errors.length > 0
  } catch {
    return false
  }
}

/** How the outcomes ended, for assertion messages: `200: 58, 503 json:api: 2`. */
export function tally(outcomes: Outcome[]): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const outcome of outcomes) {
    const key =
      outcome.kind === 'error'
        ? outcome.code
        : outcome.status === 503
          ? isJsonApiUnavailable(outcome)
            ? '503 json:api'
            : `503 other: ${outcome.body.slice(0, 60)}`
          : String(outcome.status)
    counts[key] = (counts[key] ?? 0) + 1
  }
  return counts
}
