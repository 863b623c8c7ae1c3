import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import { BenchDatabase } from './bench-database.ts'
import { cpuSeconds, loadAverage, machineDescription } from './proc-stats.ts'
import { freePort, repoRoot, ServerProcess } from './server-process.ts'
import { signIn } from './sign-in.ts'

// API read throughput against a bare Fastify route measured in the same run (the machine is shared and noisy,
// so only the ratio means something): npm run bench:api [-- --engine pglite] [--seconds 10] [--connections 50]

const USAGE = `npm run bench:api -- [--engine postgres|pglite] [--seconds S] [--connections C]
  [--database-url postgres://postgres@127.0.0.1:5432] [--server-root <another checkout>] [--profile <dir>]
  [--compare <another checkout>] [--only item|list] [--env NAME=value ...]`

const say = (line: string) => process.stderr.write(`[bench] ${line}\n`)

const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: 'postgres' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432' },
    'server-root': { type: 'string' },
    // Writes a V8 CPU profile of the server (node --cpu-prof) into this directory when it stops.
    profile: { type: 'string' },
    // Also runs the server of another checkout (its own database) and measures both, call by call, in turns.
    compare: { type: 'string' },
    // Measures one call only (with --profile: a profile of that call alone).
    only: { type: 'string' },
    // More environment for the measured server (not the compared one), NAME=value, repeatable: e.g.
    // ITEM_CACHE_SECONDS=0 for the reads the item cache cannot answer.
    env: { type: 'string', multiple: true, default: [] },
    help: { type: 'boolean', default: false },
  },
})
if (
  values.help ||
  !['postgres', 'pglite'].includes(values.engine) ||
  (values.only !== undefined && !['item', 'list'].includes(values.only))
) {
  process.stdout.write(`${USAGE}\n`)
  process.exit(values.help ? 0 : 1)
}
const extraEnv = Object.fromEntries(
  values.env.map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
)
const seconds = Number(values.seconds)
const connections = Number(values.connections)

// The baseline: one Fastify route answering a small JSON document, in its own process like the server.
async function startBareFastify(port: number): Promise<ChildProcess> {
  const script = `import Fastify from 'fastify'
const app = Fastify({ logger: false })
app.get('/bare', async () => ({ data: { type: 'items', id: '1', attributes: { name: 'bare' } } }))
await app.listen({ port: ${port}, host: '127.0.0.1' })`
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    cwd: repoRoot,
    stdio: 'ignore',
  })
  for (let i = 0; i < 100; i++) {
    const ok = await fetch(`http://127.0.0.1:${port}/bare`).then(
      (res) => res.ok,
      () => false,
    )
    if (ok) return child
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  child.kill('SIGKILL')
  throw new Error('the bare Fastify route did not start')
}

type Measured = {
  name: string
  requests: number
  p50: number
  p99: number
  errors: number
  non2xx: number
  /** CPU of the answering process per request, µs: what a request costs, whatever else the machine does. */
  cpuUs: number
}

async function measure(name: string, options: autocannon.Options, pid: number): Promise<Measured> {
  say(`${name}: ${options.connections} connections for ${options.duration} s`)
  const cpuBefore = cpuSeconds(pid)
  const result = await autocannon(options)
  const cpu = cpuSeconds(pid) - cpuBefore
  return {
    cpuUs: Math.round((cpu * 1e6) / Math.max(1, result.requests.total)),
    name,
    requests: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  }
}

// Logins are rate limited per address (10 a minute), so they are timed one after another under the limit: the
// figure is the cost of one sign-in (a scrypt hash and a token), not a throughput under load.
async function timeLogins(baseUrl: string, count: number): Promise<number[]> {
  const times: number[] = []
  for (let i = 0; i < count; i++) {
    const started = performance.now()
    await signIn(baseUrl)
    times.push(performance.now() - started)
  }
  return times.sort((a, b) => a - b)
}

async function main() {
  const cleanups: (() => Promise<unknown>)[] = []
  try {
    const loadBefore = loadAverage()
    type Target = { label: string; server: ServerProcess; token: string }
    const startServer = async (
      label: string,
      root: string | undefined,
      // The measured server (not the compared one): profiled, with --env.
      measured: boolean,
    ): Promise<Target> => {
      let databaseUrl = ''
      if (values.engine === 'postgres') {
        const database = new BenchDatabase(values['database-url'])
        await database.create()
        cleanups.push(() => database.drop())
        databaseUrl = database.url
      }
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'teplo-bench-api-'))
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }))
      const server = new ServerProcess({
        databaseUrl,
        dataDir,
        port: await freePort(),
        mqtt: { port: await freePort() },
        ...(root ? { root: path.resolve(root) } : {}),
        ...(measured ? { env: extraEnv } : {}),
        ...(measured && values.profile
          ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${path.resolve(values.profile)}`] }
          : {}),
      })
      await server.start()
      cleanups.push(() => server.stop())
      return { label, server, token: await signIn(server.baseUrl) }
    }
    const targets = [await startServer('', values['server-root'], true)]
    if (values.compare) targets.unshift(await startServer(' [compared]', values.compare, false))
    const server = targets.at(-1)!.server
    const barePort = await freePort()
    const bare = await startBareFastify(barePort)
    cleanups.push(async () => bare.kill('SIGTERM'))

    const logins = await timeLogins(server.baseUrl, 7)
    const common = { connections, duration: seconds }
    const results: Measured[] = []
    results.push(
      await measure('bare Fastify route', { ...common, url: `http://127.0.0.1:${barePort}/bare` }, bare.pid!),
    )
    for (const { label, server, token } of values.only === 'list' ? [] : targets) {
      results.push(
        await measure(
          `GET /items/1${label}`,
          {
            ...common,
            url: `${server.baseUrl}/api/v2/items/1`,
            headers: { authorization: `Bearer ${token}` },
          },
          server.pid,
        ),
      )
    }
    for (const { label, server, token } of values.only === 'item' ? [] : targets) {
      results.push(
        await measure(
          `GET /items (15)${label}`,
          {
            ...common,
            url: `${server.baseUrl}/api/v2/items?include=category`,
            headers: { authorization: `Bearer ${token}` },
          },
          server.pid,
        ),
      )
    }
    // Re-measure the baseline last: the ratio uses the mean of the two.
    results.push(
      await measure(
        'bare Fastify route (again)',
        { ...common, url: `http://127.0.0.1:${barePort}/bare` },
        bare.pid!,
      ),
    )

    const baseline = (results[0]!.requests + results[results.length - 1]!.requests) / 2
    const lines = [
      `Teplo API benchmark — ${new Date().toISOString()}`,
      `  engine ${values.engine}, ${connections} connections, ${seconds} s each; ${machineDescription()}`,
      `  server from ${values['server-root'] ?? 'this checkout'}${values.env.length > 0 ? ` with ${values.env.join(' ')}` : ''}${values.compare ? `; [compared]: ${values.compare}` : ''}`,
      `  load average before ${loadBefore}, after ${loadAverage()}`,
      '',
      '  call                            req/s   of bare   p50 ms   p99 ms   errors   non-2xx   CPU µs/req',
      ...results.map(
        (r) =>
          `  ${r.name.padEnd(30)} ${String(r.requests).padStart(7)}   ${`${((100 * r.requests) / baseline).toFixed(1)} %`.padStart(7)}   ${String(r.p50).padStart(6)}   ${String(r.p99).padStart(6)}   ${String(r.errors).padStart(6)}   ${String(r.non2xx).padStart(7)}   ${String(r.cpuUs).padStart(10)}`,
      ),
      '',
      `  POST /login, one at a time under its rate limit: median ${logins[3]!.toFixed(0)} ms, slowest ${logins[6]!.toFixed(0)} ms (7 sign-ins)`,
    ]
    process.stdout.write(`${lines.join('\n')}\n`)
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {})
  }
}

await main()
