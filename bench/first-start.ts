// npm run bench:first-start — a first start on a fresh data directory with the demo boilers (issue 29): time to the
// printed address and to `GET /health` 200, and `/health`'s latency every 100 ms while the demo history is drawn,
// until the server logs it done, then for `--idle` seconds (30) more as the baseline of the same run.
// `--compare <checkout>` runs the other checkout's server first.
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { loadAverage, machineDescription } from './proc-stats.ts'
import { freePort, repoRoot } from './server-process.ts'
import { distribution, round } from './stats.ts'

const USAGE = 'npm run bench:first-start -- [--compare <checkout>] [--days N] [--compiled] [--idle S]'
const say = (line: string) => console.log(`[bench:first-start] ${line}`)

type Options = { compare: string | null; days: number; compiled: boolean; idleSeconds: number }

function readOptions(argv: string[]): Options {
  const options: Options = { compare: null, days: 30, compiled: false, idleSeconds: 30 }
  for (let i = 0; i < argv.length; i++) {
    const name = argv[i]
    if (name === '--compare') options.compare = path.resolve(argv[++i] ?? '')
    else if (name === '--days') options.days = Number(argv[++i])
    else if (name === '--compiled') options.compiled = true
    else if (name === '--idle') options.idleSeconds = Number(argv[++i])
    else throw new Error(`unknown option ${name}\n${USAGE}`)
  }
  return options
}

async function firstStart(root: string, options: Options) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'teplo-bench-first-'))
  const port = await freePort()
  const baseUrl = `http://127.0.0.1:${port}`
  const args = options.compiled
    ? ['--conditions=teplo-compiled', 'apps/server/dist/main.js']
    : ['--import', 'tsx', 'apps/server/src/main.ts']
  const started = performance.now()
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      SERVE_WEB: 'false',
      HOST: '127.0.0.1',
      PORT: String(port),
      MQTT_HOST: '127.0.0.1',
      MQTT_PORT: String(await freePort()),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      DEMO_DEVICES: 'true',
      DEMO_HISTORY_DAYS: String(options.days),
      SHUTDOWN_DELAY_SECONDS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let addressAt: number | null = null
  let filledAt: number | null = null
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => {
    const text = chunk.toString('utf8')
    output = (output + text).slice(-20_000)
    if (addressAt === null && text.includes('Teplo is running at')) addressAt = performance.now() - started
    if (filledAt === null && text.includes('Demo history:')) filledAt = performance.now() - started
  })
  child.stderr?.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-20_000)
  })
  let healthAt: number | null = null
  const duringFill: number[] = []
  const deadline = Date.now() + 900_000
  try {
    while ((filledAt === null || addressAt === null || healthAt === null) && Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output}`)
      const asked = performance.now()
      const ok = await fetch(`${baseUrl}/health`, { signal: AbortSignal.timeout(30_000) }).then(
        (res) => res.ok,
        () => false,
      )
      const took = performance.now() - asked
      if (ok && healthAt === null) healthAt = performance.now() - started
      else if (ok) duringFill.push(took)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    // The same server idle afterwards (its demo boilers still live), asked the same way: what the fill is compared to.
    const idle: number[] = []
    const idleUntil = Date.now() + options.idleSeconds * 1000
    while (filledAt !== null && Date.now() < idleUntil) {
      const asked = performance.now()
      if (
        await fetch(`${baseUrl}/health`, { signal: AbortSignal.timeout(30_000) }).then(
          (res) => res.ok,
          () => false,
        )
      )
        idle.push(performance.now() - asked)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    return {
      server: root,
      address_printed_s: addressAt === null ? null : round(addressAt / 1000),
      health_200_s: healthAt === null ? null : round(healthAt / 1000),
      demo_history_done_s: filledAt === null ? null : round(filledAt / 1000),
      health_during_fill_ms: distribution(duringFill),
      health_idle_after_ms: distribution(idle),
    }
  } finally {
    // A server that already exited (it failed to start) gives no 'exit' event to wait for.
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
    }
    await rm(dataDir, { recursive: true, force: true })
  }
}

async function main() {
  const options = readOptions(process.argv.slice(2))
  say(`machine: ${machineDescription()}, load ${loadAverage()}`)
  const roots = options.compare ? [options.compare, repoRoot] : [repoRoot]
  for (const root of roots) console.log(JSON.stringify(await firstStart(root, options), null, 2))
  say(`load after: ${loadAverage()}`)
}

main().catch((err: unknown) => {
  console.error(err)
  process.exit(1)
})
