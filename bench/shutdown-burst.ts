/**
 * A stop signal in the middle of a burst: 60 concurrent writes (tags created by the admin: a write no per-session
 * limit answers 429, unlike PATCH /me with its 20 a minute), 4 registrations (a scrypt hash each) and
 * a live stream, then the signal 20–600 ms later; repeated. Counts how every request ended, the exit code and
 * how long the stop took. Embedded database and broker, a fresh data directory per run.
 *
 *   npm run bench:shutdown -- [--runs 13] [--launch tsx|compiled|npm-start] [--signal SIGTERM|SIGINT]
 *                             [--group] [--busy N] [--writes 60]
 *
 * --launch: the source through tsx (default), the build's node process alone (`npm run build` first), or
 * `npm start -w apps/server`; --group: the signal goes to the process group (Ctrl-C, systemd; implied by
 * npm-start), else to the process started alone (Docker, Kubernetes); --busy: N processes spinning on the CPU
 * meanwhile (default: one per core), so the server shares the machine with them.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { cp, mkdtemp, rm } from 'node:fs/promises'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { DEMO_ADMIN } from '@teplo/domain'
import { freePortInRange } from './ports.ts'
import { rawJsonRequest } from './raw-request.ts'
import { ServerProcess, type ServerSettings } from './server-process.ts'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const say = (line: string) => process.stderr.write(`[shutdown] ${line}\n`)

// The outcome as the table counts it.
async function send(
  baseUrl: string,
  method: string,
  url: string,
  body: object,
  token?: string,
): Promise<string> {
  const outcome = await rawJsonRequest(`${baseUrl}${url}`, { method, body, ...(token ? { token } : {}) })
  if (outcome.kind === 'error')
    return outcome.stage === 'reading the answer' ? `${outcome.code} (reading the answer)` : outcome.code
  if (outcome.status !== 503) return String(outcome.status)
  return outcome.jsonApi503 ? '503 JSON:API + Retry-After' : '503 (not JSON:API)'
}

type Stop = {
  launch: NonNullable<ServerSettings['launch']>
  signal: NodeJS.Signals
  group: boolean
  writes: number
}

async function oneRun(template: string, port: number, delayMs: number, run: number, stop: Stop) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'teplo-shutdown-'))
  const server = new ServerProcess({
    databaseUrl: '',
    dataDir,
    port,
    mqtt: { port: 0 },
    launch: stop.launch,
    // Info: the stop's steps are logged, to show what a slow or failed stop waited for.
    env: { DEMO_HISTORY_DAYS: '0', LOG_LEVEL: 'info' },
  })
  try {
    await cp(template, dataDir, { recursive: true })
    await server.start(180_000)
    const login = await fetch(`${server.baseUrl}/api/v2/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }),
    })
    const token = ((await login.json()) as { access_token: string }).access_token
    let live = ''
    const headers = { authorization: `Bearer ${token}` }
    http.get(`${server.baseUrl}/api/v2/live?item_id=1`, { agent: false, headers }, (res) => {
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => {
        live += chunk
      })
      res.on('error', () => {})
    })
    while (!live.includes('event: item')) await sleep(20)
    const requests = [
      ...Array.from({ length: stop.writes }, (_, i) =>
        send(server.baseUrl, 'POST', '/api/v2/tags', { name: `burst-${run}-${i}`, color: '#336699' }, token),
      ),
      ...Array.from({ length: 4 }, (_, i) =>
        send(server.baseUrl, 'POST', '/api/v2/register', {
          name: `Новий ${i}`,
          email: `burst-${run}-${i}@teplo.test`,
          password: 'long-enough-1',
          password_confirmation: 'long-enough-1',
        }),
      ),
    ]
    await sleep(delayMs)
    const signalled = Date.now()
    const exitCode = server.stop(stop.signal, { group: stop.group })
    const outcomes = await Promise.all(requests)
    const code = await exitCode
    const stopMs = Date.now() - signalled
    if (code !== 0 || stopMs > 5000) {
      // What the server logged from the signal on, without the request lines.
      const lines = server.log.split('\n')
      const from = lines.findIndex((line) => line.includes('stopping'))
      const steps = lines.slice(Math.max(0, from)).filter((line) => !line.includes('"reqId"'))
      say(`run ${run + 1}: the stop took ${stopMs} ms, exit ${code}; the server logged:\n${steps.join('\n')}`)
    }
    return {
      outcomes,
      code,
      stopMs,
      liveHint: /retry: \d+\nevent: shutdown/.test(live),
    }
  } finally {
    await server.stop()
    await rm(dataDir, { recursive: true, force: true })
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '13' },
      launch: { type: 'string', default: 'tsx' },
      signal: { type: 'string', default: 'SIGTERM' },
      group: { type: 'boolean', default: false },
      busy: { type: 'string', default: String(os.availableParallelism()) },
      writes: { type: 'string', default: '60' },
    },
  })
  const runs = Number(values.runs)
  const launch = values.launch as Stop['launch']
  if (!['tsx', 'compiled', 'npm-start'].includes(launch)) throw new Error(`--launch ${launch}?`)
  if (values.signal !== 'SIGTERM' && values.signal !== 'SIGINT') throw new Error(`--signal ${values.signal}?`)
  const stop: Stop = {
    launch,
    signal: values.signal,
    group: values.group || launch === 'npm-start',
    writes: Number(values.writes),
  }
  say(
    `${launch}, ${stop.signal} to the ${stop.group ? 'process group' : 'process alone'}, ${values.busy} busy processes beside it`,
  )
  const busy: ChildProcess[] = []
  const ports = new Set<number>()
  const port = await freePortInRange(ports)
  // A seeded data directory, copied for every run: creating it is the slow part of a first start.
  const template = await mkdtemp(path.join(os.tmpdir(), 'teplo-shutdown-template-'))
  try {
    // No demo history: the first start stays short on a busy machine, and the runs do not read it.
    const seeding = new ServerProcess({
      databaseUrl: '',
      dataDir: template,
      port,
      mqtt: { port: 0 },
      launch,
      env: { DEMO_HISTORY_DAYS: '0' },
    })
    try {
      await seeding.start(180_000)
    } finally {
      await seeding.stop()
    }
    // Spinning neighbours, one per core by default: the contention under which a stop once reset requests.
    busy.push(
      ...Array.from({ length: Number(values.busy) }, () =>
        spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
      ),
    )
    const totals = new Map<string, number>()
    const rows: string[] = []
    for (let run = 0; run < runs; run++) {
      const delayMs = Math.round(20 + (580 * run) / Math.max(1, runs - 1))
      const result = await oneRun(template, port, delayMs, run, stop)
      const counts = new Map<string, number>()
      for (const outcome of result.outcomes) counts.set(outcome, (counts.get(outcome) ?? 0) + 1)
      for (const [outcome, n] of counts) totals.set(outcome, (totals.get(outcome) ?? 0) + n)
      const summary = [...counts.entries()].map(([o, n]) => `${o}: ${n}`).join(', ')
      rows.push(
        `| ${delayMs} ms | ${summary} | ${result.code} | ${result.stopMs} ms | ${result.liveHint ? 'yes' : 'no'} |`,
      )
      say(`run ${run + 1}/${runs}: ${stop.signal} after ${delayMs} ms → exit ${result.code}; ${summary}`)
    }
    const lines = [
      `${launch}, ${stop.signal} to the ${stop.group ? 'process group' : 'process alone'}, ${busy.length} busy processes`,
      '',
      `| ${stop.signal} after | ${stop.writes + 4} requests ended | exit code | stop took | stream ended with retry hint |`,
      '|---|---|---|---|---|',
      ...rows,
      '',
      `all runs: ${[...totals.entries()].map(([o, n]) => `${o}: ${n}`).join(', ')}`,
    ]
    process.stdout.write(`${lines.join('\n')}\n`)
    // The target: every request 2xx or a JSON:API 503, no reset, exit 0.
    const bad = [...totals.keys()].filter((o) => !/^2\d\d$/.test(o) && o !== '503 JSON:API + Retry-After')
    if (bad.length > 0 || rows.some((row) => !row.includes('| 0 |'))) process.exitCode = 1
  } finally {
    for (const child of busy) child.kill('SIGKILL')
    await rm(template, { recursive: true, force: true })
  }
}

main().catch((err: unknown) => {
  console.error(err)
  process.exit(1)
})
