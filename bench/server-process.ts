import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import net from 'node:net'
import { fileURLToPath } from 'node:url'

export const repoRoot = fileURLToPath(new URL('../', import.meta.url))

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

export type ServerSettings = {
  databaseUrl: string
  dataDir: string
  port: number
  /** Embedded broker port, or the external broker's URL. */
  mqtt: { port: number } | { url: string; shareGroup: string }
  /** Another checkout whose server to run (a before/after comparison in one run); default this one. */
  root?: string
  /** More environment for the server, applied last (e.g. demo boilers on). */
  env?: Record<string, string>
  /** More node options before the entry point (e.g. --cpu-prof). */
  nodeArgs?: string[]
  /**
   * How the server runs: `tsx` (default) the source through `node --import tsx`; `compiled` node on the build's
   * `apps/server/dist/main.js` (`npm run build` first); `npm-start` `npm start -w apps/server` (the compiled
   * server behind npm, as a supervisor that runs npm sees it), in a process group of its own.
   */
  launch?: 'tsx' | 'compiled' | 'npm-start'
}

/**
 * The real server as a child process. Started as `node --import tsx` (what the tsx command runs), so that the
 * child's pid is the server itself and /proc shows its own CPU and memory.
 */
export class ServerProcess {
  readonly baseUrl: string
  private child: ChildProcess | null = null
  private output = ''

  constructor(private readonly settings: ServerSettings) {
    this.baseUrl = `http://127.0.0.1:${settings.port}`
  }

  get pid(): number {
    if (!this.child?.pid) throw new Error('the server is not running')
    return this.child.pid
  }

  /** What the server logged (warnings and errors only, LOG_LEVEL=warn) and printed on stderr. */
  get log(): string {
    return this.output
  }

  async start(timeoutMs = 60_000): Promise<void> {
    const { settings } = this
    const mqttEnv =
      'url' in settings.mqtt
        ? {
            MQTT_URL: settings.mqtt.url,
            MQTT_SHARE_GROUP: settings.mqtt.shareGroup,
            // The persistent session outlives the run by 5 minutes, not the default week, on a shared broker.
            MQTT_SESSION_EXPIRY_SECONDS: '300',
          }
        : { MQTT_HOST: '127.0.0.1', MQTT_PORT: String(settings.mqtt.port) }
    const launch = settings.launch ?? 'tsx'
    const nodeArgs = ['--trace-deprecation', ...(settings.nodeArgs ?? [])]
    const [command, args] =
      launch === 'npm-start'
        ? ['npm', ['start', '-w', 'apps/server']]
        : launch === 'compiled'
          ? [process.execPath, [...nodeArgs, '--conditions=teplo-compiled', 'apps/server/dist/main.js']]
          : [process.execPath, [...nodeArgs, '--import', 'tsx', 'apps/server/src/main.ts']]
    const child = spawn(command, args, {
      cwd: settings.root ?? repoRoot,
      // npm and what it starts form a process group of their own, signalled as one (Ctrl-C, systemd).
      detached: launch === 'npm-start',
      env: {
        ...process.env,
        NODE_ENV: 'production',
        SERVE_WEB: 'false',
        HOST: '127.0.0.1',
        PORT: String(settings.port),
        DATA_DIR: settings.dataDir,
        // Empty: the embedded database under DATA_DIR.
        ...(settings.databaseUrl ? { DATABASE_URL: settings.databaseUrl } : {}),
        LOG_LEVEL: 'warn',
        // Only the bench's devices: no simulated demo boilers inside the server.
        DEMO_DEVICES: 'false',
        // No balancer in front unless a bench says so (rolling-restart sets its own).
        SHUTDOWN_DELAY_SECONDS: '0',
        ...mqttEnv,
        ...settings.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    this.child = child
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString('utf8')).slice(-200_000)
    }
    // Stdout carries the log (JSON lines, warnings and worse) and the start-up banner, which is not kept.
    let partial = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      const lines = (partial + chunk.toString('utf8')).split('\n')
      partial = lines.pop() ?? ''
      const logLines = lines.filter((line) => line.startsWith('{'))
      if (logLines.length > 0) keep(Buffer.from(`${logLines.join('\n')}\n`))
    })
    child.stderr?.on('data', keep)
    const deadline = Date.now() + timeoutMs
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${this.output}`)
      const ready = await fetch(`${this.baseUrl}/health`).then(
        (res) => res.ok,
        () => false,
      )
      if (ready) return
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
    throw new Error(`the server did not answer /health within ${timeoutMs / 1000} s:\n${this.output}`)
  }

  /**
   * SIGTERM (the server writes what it holds and closes), SIGKILL if it takes longer than 15 s. `group`: to the
   * whole process group (a `npm-start` launch), as Ctrl-C and systemd do. The exit code of the process started
   * (npm's for `npm-start`); `null` when a signal ended it.
   */
  async stop(signal: NodeJS.Signals = 'SIGTERM', options: { group?: boolean } = {}): Promise<number | null> {
    const child = this.child
    if (!child || child.exitCode !== null || child.signalCode !== null) return child?.exitCode ?? null
    const exited = once(child, 'exit')
    const send = (sig: NodeJS.Signals) => {
      try {
        if (options.group && child.pid) process.kill(-child.pid, sig)
        else child.kill(sig)
      } catch {
        // Gone already.
      }
    }
    send(signal)
    const timer = setTimeout(() => send('SIGKILL'), 15_000)
    const [code] = (await exited) as [number | null]
    clearTimeout(timer)
    // Whatever of the group outlived its leader.
    if (options.group && child.pid) send('SIGKILL')
    return code
  }
}
