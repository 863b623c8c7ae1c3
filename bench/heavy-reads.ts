// npm run bench:heavy — another account's GET /me while one account runs 8 heavy reads (history and consumption
// over two years) at once, 3 rounds, on the embedded database (issue 29, ADR 039), or on PostgreSQL with
// `--postgres [url]`; then the same reads one at a time (`--solo N` each). On PGlite the same filled data directory
// is copied for each server; on PostgreSQL both servers read one throw-away database (the reads change nothing but
// sessions), so `--compare <checkout>` measures the other checkout's server on the same data.
import { cp, mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { PGlite } from '@electric-sql/pglite'
import { DEMO_ACCOUNTS, HISTORY_METRICS } from '@teplo/domain'
import { BenchDatabase } from './bench-database.ts'
import { loadAverage, machineDescription } from './proc-stats.ts'
import { freePort, repoRoot, ServerProcess } from './server-process.ts'
import { distribution, round } from './stats.ts'

const USAGE =
  'npm run bench:heavy -- [--compare <checkout>] [--rounds N] [--days N] [--solo N] [--postgres [url]]'
const say = (line: string) => console.log(`[bench:heavy] ${line}`)
const DAY_MS = 86_400_000

type Options = {
  compare: string | null
  rounds: number
  days: number
  solo: number
  /** PostgreSQL server to create the bench database on; null: the embedded database. */
  postgres: string | null
}

function readOptions(argv: string[]): Options {
  const options: Options = { compare: null, rounds: 3, days: 730, solo: 50, postgres: null }
  for (let i = 0; i < argv.length; i++) {
    const name = argv[i]
    const value = () => argv[++i] ?? ''
    if (name === '--compare') options.compare = path.resolve(value())
    else if (name === '--rounds') options.rounds = Number(value())
    else if (name === '--days') options.days = Number(value())
    else if (name === '--solo') options.solo = Number(value())
    else if (name === '--postgres')
      options.postgres = argv[i + 1]?.startsWith('postgres') ? value() : 'postgres://postgres@127.0.0.1:5432'
    else throw new Error(`unknown option ${name}\n${USAGE}`)
  }
  return options
}

type Query = (statement: string, params?: unknown[]) => Promise<{ affectedRows?: number }>

function account(role: 'user' | 'creator') {
  const found = DEMO_ACCOUNTS.find((a) => a.role === role)
  if (!found) throw new Error(`no demo ${role}`)
  return found
}

async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/v2/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })
  if (!res.ok) throw new Error(`sign-in failed for ${email}: ${res.status}`)
  return ((await res.json()) as { access_token: string }).access_token
}

/**
 * A migrated and seeded database (one start of this checkout's server: a data directory, or the PostgreSQL
 * database at `databaseUrl`), then `days` of hourly rollups for the demo user's boilers.
 */
async function prepare(dataDir: string, databaseUrl: string, days: number): Promise<void> {
  const server = new ServerProcess({
    databaseUrl,
    dataDir,
    port: await freePort(),
    mqtt: { port: await freePort() },
  })
  await server.start(180_000)
  await server.stop()
  if (databaseUrl) {
    const pool = new (await import('pg')).default.Pool({ connectionString: databaseUrl, max: 1 })
    try {
      await fill(async (statement, params) => {
        const result = await pool.query(statement, params)
        return { affectedRows: result.rowCount ?? 0 }
      }, days)
    } finally {
      await pool.end()
    }
    return
  }
  const db = await PGlite.create(path.join(dataDir, 'pgdata'))
  try {
    await fill((statement, params) => db.query(statement, params), days)
  } finally {
    await db.close()
  }
}

async function fill(query: Query, days: number): Promise<void> {
  const db = { query }
  const to = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000)
  const from = new Date(to.getTime() - days * DAY_MS)
  for (let m = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), 1)); m < to; ) {
    const next = new Date(Date.UTC(m.getUTCFullYear(), m.getUTCMonth() + 1, 1))
    const name = `telemetry_1h_p${m.toISOString().slice(0, 7).replace('-', '')}`
    await db.query(
      `create table if not exists ${name} partition of telemetry_1h for values from ('${m.toISOString()}') to ('${next.toISOString()}')`,
    )
    m = next
  }
  const columns = HISTORY_METRICS.map(
    (metric) => `${metric}_min, ${metric}_max, ${metric}_sum, ${metric}_n`,
  ).join(', ')
  const values = HISTORY_METRICS.map(() => 'v - 2, v + 2, v * 360, 360').join(', ')
  const user = account('user')
  const started = performance.now()
  const result = await db.query(
    `insert into telemetry_1h (item_id, bucket, samples, first_at, last_at, ${columns}, work_mode, is_on, energy_kwh, covered_s)
     select i.id, ts, 360, ts, ts + interval '59 minutes 50 seconds', ${values}, 6, true, 12 + 6 * sin(e / 7200), 3600
     from items i join users u on u.id = i.user_id
     cross join generate_series($1::timestamptz, $2::timestamptz - interval '1 hour', interval '1 hour') as ts
     cross join lateral (select extract(epoch from ts) as e, 50 + 10 * sin(extract(epoch from ts) / 7200) as v) x
     where u.email = $3
     on conflict do nothing`,
    [from.toISOString(), to.toISOString(), user.email],
  )
  // The daily energy beside it, as the rollups keep it (servers without that table skip it).
  await db.query(
    `do $$ begin
       if to_regclass('telemetry_1d') is not null then
         insert into telemetry_1d (item_id, bucket, energy_kwh, covered_s)
         select item_id, date_trunc('day', bucket at time zone 'Europe/Kyiv') at time zone 'Europe/Kyiv',
           sum(energy_kwh), sum(covered_s)
         from telemetry_1h group by 1, 2
         on conflict (item_id, bucket) do update set energy_kwh = excluded.energy_kwh, covered_s = excluded.covered_s;
       end if;
     end $$`,
  )
  await db.query('vacuum (analyze) telemetry_1h')
  say(
    `filled ${result.affectedRows} hourly rollups (${days} days) in ${round((performance.now() - started) / 1000)} s`,
  )
}

async function meLoop(baseUrl: string, token: string, until: () => boolean): Promise<number[]> {
  const samples: number[] = []
  while (!until()) {
    const started = performance.now()
    const res = await fetch(`${baseUrl}/api/v2/me`, { headers: { authorization: `Bearer ${token}` } })
    await res.arrayBuffer()
    if (!res.ok) throw new Error(`GET /me: ${res.status}`)
    samples.push(performance.now() - started)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  return samples
}

/** Each of `urls` `count` times, one request at a time: the time of a heavy read that waits for nothing. */
async function solo(urls: string[], token: string, count: number) {
  const ms: number[] = []
  for (let i = 0; i < count; i++) {
    for (const url of urls) {
      const started = performance.now()
      const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } })
      await res.arrayBuffer()
      if (!res.ok) throw new Error(`GET ${url}: ${res.status}`)
      ms.push(performance.now() - started)
    }
  }
  const sorted = [...ms].sort((a, b) => a - b)
  return { ...distribution(ms), p95: round(sorted[Math.ceil(sorted.length * 0.95) - 1] ?? 0) }
}

async function measure(label: string, root: string, dataDir: string, databaseUrl: string, options: Options) {
  const server = new ServerProcess({
    databaseUrl,
    dataDir,
    port: await freePort(),
    mqtt: { port: await freePort() },
    root,
  })
  await server.start(180_000)
  try {
    const user = account('user')
    const other = account('creator')
    const heavyToken = await signIn(server.baseUrl, user.email, user.password)
    const meToken = await signIn(server.baseUrl, other.email, other.password)
    const items = (await (
      await fetch(`${server.baseUrl}/api/v2/items`, { headers: { authorization: `Bearer ${heavyToken}` } })
    ).json()) as { data: { id: string }[] }
    const ids = items.data.map((item) => item.id)
    const to = new Date()
    const from = new Date(to.getTime() - options.days * DAY_MS)
    const span = `from=${from.toISOString()}&to=${to.toISOString()}`
    const heavyUrls = Array.from({ length: 8 }, (_, i) => {
      const id = ids[i % ids.length]
      return i % 2 === 0
        ? `${server.baseUrl}/api/v2/items/${id}/history?${span}`
        : `${server.baseUrl}/api/v2/items/${id}/consumption?${span}&period=day`
    })
    let idleDone = false
    setTimeout(() => {
      idleDone = true
    }, 3000)
    const idle = distribution(await meLoop(server.baseUrl, meToken, () => idleDone))
    const statuses: Record<string, number> = {}
    const heavyMs: number[] = []
    let loadDone = false
    const meDuringLoad = meLoop(server.baseUrl, meToken, () => loadDone)
    for (let round = 0; round < options.rounds; round++) {
      await Promise.all(
        heavyUrls.map(async (url) => {
          const started = performance.now()
          const res = await fetch(url, { headers: { authorization: `Bearer ${heavyToken}` } })
          await res.arrayBuffer()
          statuses[res.status] = (statuses[res.status] ?? 0) + 1
          if (res.ok) heavyMs.push(performance.now() - started)
        }),
      )
    }
    loadDone = true
    const loaded = distribution(await meDuringLoad)
    const [history, consumption] = [heavyUrls[0] ?? '', heavyUrls[1] ?? '']
    return {
      server: label,
      database: databaseUrl ? 'PostgreSQL' : 'PGlite',
      me_idle: idle,
      me_during_heavy_reads: loaded,
      heavy: { statuses, ...distribution(heavyMs) },
      solo_history_two_years: await solo([history], heavyToken, options.solo),
      solo_daily_consumption_two_years: await solo([consumption], heavyToken, options.solo),
    }
  } finally {
    await server.stop()
  }
}

async function main() {
  const options = readOptions(process.argv.slice(2))
  say(`machine: ${machineDescription()}, load ${loadAverage()}`)
  const work = await mkdtemp(path.join(os.tmpdir(), 'teplo-bench-heavy-'))
  const database = options.postgres ? new BenchDatabase(options.postgres) : null
  try {
    await database?.create()
    const databaseUrl = database?.url ?? ''
    const filled = path.join(work, 'filled')
    await prepare(filled, databaseUrl, options.days)
    const results = []
    const runs: [string, string][] = [['this checkout', repoRoot]]
    if (options.compare) runs.unshift([options.compare, options.compare])
    for (const [label, root] of runs) {
      const dataDir = path.join(work, `run-${results.length}`)
      await cp(filled, dataDir, { recursive: true })
      say(`measuring ${label}`)
      const result = await measure(label, root, dataDir, databaseUrl, options)
      console.log(JSON.stringify(result, null, 2))
      results.push(result)
    }
    say(`load after: ${loadAverage()}`)
  } finally {
    await database?.drop()
    await rm(work, { recursive: true, force: true })
  }
}

main().catch((err: unknown) => {
  console.error(err)
  process.exit(1)
})
