/**
 * Rolling restart under traffic: two server instances on one PostgreSQL database and one Mosquitto, writers
 * sending through a client-side "load balancer", one instance restarted (SIGTERM, start again), then the
 * other. Counts every attempt by outcome, the client errors (anything but 2xx) during each stop, and compares
 * the writes acknowledged with the rows stored.
 *
 *   npm run bench:restart -- [--writers 20] [--settle 4] [--balancer health|round-robin] [--delay 3]
 *                            [--database-url U] [--mosquitto-url U]
 *
 * --balancer health (default): like HAProxy's `option httpchk GET /health` with `inter 500ms fall 1`, nothing is
 * sent to an instance whose last check was not 200; round-robin: every instance in turn, whatever its state.
 * --delay: the instances' SHUTDOWN_DELAY_SECONDS (default 3).
 */
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { DEMO_ADMIN } from '@teplo/domain'
import { BenchDatabase } from './bench-database.ts'
import { freePortInRange } from './ports.ts'
import { type RawOutcome, rawJsonRequest } from './raw-request.ts'
import { ServerProcess } from './server-process.ts'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const say = (line: string) => process.stderr.write(`[restart] ${line}\n`)

const post = (baseUrl: string, agent: http.Agent, token: string, body: object) =>
  rawJsonRequest(`${baseUrl}/api/v2/tags`, { method: 'POST', agent, token, body })

/** What a client may do with an attempt: retry safely (nothing was done), or it must not know. */
function classify(attempt: RawOutcome): string {
  if (attempt.kind === 'status') {
    if (attempt.status >= 200 && attempt.status < 300) return 'acknowledged (2xx)'
    if (attempt.jsonApi503) return 'turned away: JSON:API 503 + Retry-After (retry)'
    return `answered ${attempt.status}`
  }
  // Refused: the connection was never accepted, the request never left. Safe to retry anywhere.
  if (attempt.code === 'ECONNREFUSED') return 'connection refused (retry)'
  return `${attempt.code} after the request was ${attempt.stage === 'before sending' ? 'begun' : 'sent (outcome unknown)'}`
}

async function signIn(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/v2/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }),
  })
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`)
  return ((await res.json()) as { access_token: string }).access_token
}

async function main() {
  const { values } = parseArgs({
    options: {
      writers: { type: 'string', default: '20' },
      settle: { type: 'string', default: '4' },
      balancer: { type: 'string', default: 'health' },
      delay: { type: 'string', default: '3' },
      'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432' },
      'mosquitto-url': { type: 'string', default: 'mqtt://127.0.0.1:1883' },
    },
  })
  const writers = Number(values.writers)
  const settleMs = Number(values.settle) * 1000
  const healthChecked = values.balancer === 'health'
  if (!healthChecked && values.balancer !== 'round-robin') throw new Error(`--balancer ${values.balancer}?`)
  const run = randomBytes(3).toString('hex')
  const cleanups: (() => Promise<unknown>)[] = []
  const cleanUp = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch((err) => say(`cleanup: ${err}`))
  }
  process.once('SIGINT', () => void cleanUp().then(() => process.exit(130)))

  try {
    const database = new BenchDatabase(values['database-url'])
    await database.create()
    cleanups.push(() => database.drop())
    const ports = new Set<number>()
    const shareGroup = `restart${run}`
    const instances: ServerProcess[] = []
    for (const name of ['a', 'b']) {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), `teplo-restart-${name}-`))
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }))
      const server = new ServerProcess({
        databaseUrl: database.url,
        dataDir,
        port: await freePortInRange(ports),
        mqtt: { url: values['mosquitto-url'], shareGroup },
        env: { SHUTDOWN_DELAY_SECONDS: values.delay },
      })
      cleanups.push(() => server.stop())
      // One after the other: the first one migrates and seeds the database.
      await server.start()
      instances.push(server)
    }
    say(`database ${database.name}; instances on ${instances.map((s) => s.baseUrl).join(' and ')}`)
    const token = await signIn(instances[0]!.baseUrl)

    const attempts = new Map<string, number>()
    const acknowledged = new Set<string>()
    const unknown = new Set<string>()
    let failedWrites = 0
    let stopping = false
    let sequence = 0
    const agents = instances.map(() => new http.Agent({ keepAlive: true, maxSockets: writers }))
    // Client errors (anything but 2xx, retried or not) while each instance is stopped and started again.
    let currentStop = 'steady traffic'
    const clientErrors = new Map<string, number>()

    // The balancer's view: an instance is in rotation while its last /health check answered 200.
    const inRotation = instances.map(() => true)
    const checks = healthChecked
      ? instances.map((server, i) =>
          setInterval(() => {
            const req = http.get(`${server.baseUrl}/health`, { agent: false, timeout: 1000 }, (res) => {
              inRotation[i] = res.statusCode === 200
              res.resume()
            })
            req.on('timeout', () => req.destroy())
            req.on('error', () => {
              inRotation[i] = false
            })
          }, 500),
        )
      : []
    const pick = async (turn: number): Promise<number> => {
      for (;;) {
        for (let k = 0; k < instances.length; k++) {
          const index = (turn + k) % instances.length
          if (inRotation[index]) return index
        }
        await sleep(50)
      }
    }

    // Each writer sends one tag at a time, alternating instances like a round-robin balancer; a retryable
    // outcome is retried on the other instance, as a balancer with retries (or a careful client) would.
    const writer = async (w: number) => {
      let turn = w
      while (!stopping) {
        const name = `rr-${run}-${sequence++}`
        let done = false
        for (let tries = 0; tries < 10 && !done; tries++) {
          const index = healthChecked ? await pick(turn++) : turn++ % instances.length
          const attempt = await post(instances[index]!.baseUrl, agents[index]!, token, {
            name,
            color: '#336699',
          })
          const outcome = classify(attempt)
          attempts.set(outcome, (attempts.get(outcome) ?? 0) + 1)
          if (!outcome.startsWith('acknowledged'))
            clientErrors.set(currentStop, (clientErrors.get(currentStop) ?? 0) + 1)
          if (outcome.startsWith('acknowledged')) {
            acknowledged.add(name)
            done = true
          } else if (outcome.endsWith('(retry)')) {
            await sleep(50)
          } else {
            unknown.add(name)
            done = true
          }
        }
        if (!done) failedWrites++
      }
    }
    const traffic = Array.from({ length: writers }, (_, w) => writer(w))

    const restarts: { instance: string; exitCode: number | null; stopMs: number; startMs: number }[] = []
    await sleep(settleMs)
    for (const [i, server] of instances.entries()) {
      const name = i === 0 ? 'a' : 'b'
      say(`restarting ${name}`)
      currentStop = `stop and start of ${name}`
      const stopStart = Date.now()
      const exitCode = await server.stop()
      const stopMs = Date.now() - stopStart
      const startStart = Date.now()
      await server.start()
      restarts.push({ instance: name, exitCode, stopMs, startMs: Date.now() - startStart })
      // Back in rotation once its check answers 200 again; the stop's window ends there.
      while (healthChecked && !inRotation[i]) await sleep(50)
      currentStop = 'steady traffic'
      await sleep(settleMs)
    }
    stopping = true
    await Promise.all(traffic)
    for (const check of checks) clearInterval(check)
    for (const agent of agents) agent.destroy()

    const { rows } = await database.db.query<{ name: string }>('select name from tags where name like $1', [
      `rr-${run}-%`,
    ])
    const stored = new Set(rows.map((row) => row.name))
    const lost = [...acknowledged].filter((name) => !stored.has(name))
    const unknownStored = [...unknown].filter((name) => stored.has(name)).length

    const lines = [
      `writers: ${writers}; ${values.settle} s of traffic before, between and after the two restarts; balancer: ${values.balancer}; SHUTDOWN_DELAY_SECONDS=${values.delay}`,
      '',
      '| restart | exit code | stop (SIGTERM → exit) | start (→ /health) |',
      '|---|---|---|---|',
      ...restarts.map((r) => `| ${r.instance} | ${r.exitCode} | ${r.stopMs} ms | ${r.startMs} ms |`),
      '',
      '| window | client errors (not 2xx) |',
      '|---|---|',
      ...['stop and start of a', 'stop and start of b', 'steady traffic'].map(
        (window) => `| ${window} | ${clientErrors.get(window) ?? 0} |`,
      ),
      '',
      '| attempt outcome | count |',
      '|---|---|',
      ...[...attempts.entries()].sort((a, b) => b[1] - a[1]).map(([outcome, n]) => `| ${outcome} | ${n} |`),
      '',
      `writes acknowledged: ${acknowledged.size}; stored: ${stored.size}; acknowledged but not stored: ${lost.length}`,
      `writes with an unknown outcome: ${unknown.size} (${unknownStored} of them stored); given up after 10 tries: ${failedWrites}`,
    ]
    process.stdout.write(`${lines.join('\n')}\n`)
    const stopErrors =
      (clientErrors.get('stop and start of a') ?? 0) + (clientErrors.get('stop and start of b') ?? 0)
    // Behind a health-checking balancer the target is no client error at all during a rolling restart.
    if (lost.length > 0 || unknown.size > 0 || (healthChecked && stopErrors > 0)) process.exitCode = 1
  } finally {
    await cleanUp()
  }
}

main().catch((err: unknown) => {
  console.error(err)
  process.exit(1)
})
