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
import { BenchDatabase } from './bench-database.ts'
import { account, fill, heavyRound, heavyUrls, itemIds, meLoop, signIn } from './heavy-load.ts'
import { loadAverage, machineDescription } from './proc-stats.ts'
import { freePort, repoRoot, ServerProcess } from './server-process.ts'
import { distribution, round } from './stats.ts'

const USAGE =
  'npm run bench:heavy -- [--compare <checkout>] [--rounds N] [--days N] [--solo N] [--postgres [url]]'
const say = (line: string) => console.log(`[bench:heavy] ${line}`)

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
      say(
        await fill(async (statement, params) => {
          const result = await pool.query(statement, params)
          return { affectedRows: result.rowCount ?? 0 }
        }, days),
      )
    } finally {
      await pool.end()
    }
    return
  }
  const db = await PGlite.create(path.join(dataDir, 'pgdata'))
  try {
    say(await fill((statement, params) => db.query(statement, params), days))
  } finally {
    await db.close()
  }
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
    const urls = heavyUrls(server.baseUrl, await itemIds(server.baseUrl, heavyToken), options.days)
    let idleDone = false
    setTimeout(() => {
      idleDone = true
    }, 3000)
    const idle = distribution(await meLoop(server.baseUrl, meToken, () => idleDone))
    const statuses: Record<string, number> = {}
    const heavyMs: number[] = []
    let loadDone = false
    const meDuringLoad = meLoop(server.baseUrl, meToken, () => loadDone)
    for (let round = 0; round < options.rounds; round++) await heavyRound(urls, heavyToken, statuses, heavyMs)
    loadDone = true
    const loaded = distribution(await meDuringLoad)
    const [history, consumption] = [urls[0] ?? '', urls[1] ?? '']
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
