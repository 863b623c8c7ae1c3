// npm run bench:history — how fast history, consumption and fuel answer over a month of readings, on PostgreSQL
// (a fleet filled at one reading per 10 s, with live ingest running meanwhile) or on PGlite (the demo boilers'
// generated month). See bench/README.md.
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { PGlite } from '@electric-sql/pglite'
import { BenchDatabase, type BenchDevice, provisionDevices } from './bench-database.ts'
import { DeviceFleet } from './device-fleet.ts'
import { createPartitions, fill, tableSizes } from './history-fill.ts'
import { cpuSeconds, loadAverage, machineDescription } from './proc-stats.ts'
import { freePort, ServerProcess } from './server-process.ts'
import { signIn } from './sign-in.ts'
import { percentile, round } from './stats.ts'

type Options = {
  engine: 'postgres' | 'pglite'
  devices: number
  days: number
  requests: number
  ingestPerSecond: number
  databaseUrl: string
  /** Leave the filled database in place (its name is printed) for later runs with --reuse-database. */
  keepDatabase: boolean
  /** A database filled and kept by an earlier run: no fill, its fleet is measured again. */
  reuseDatabase: string | null
  /** Another checkout whose server to run (before/after on the same data). */
  serverRoot: string | null
  /** Write a V8 CPU profile of the server into this directory (node --cpu-prof). */
  profile: string | null
}

function readOptions(argv: string[]): Options {
  const options: Options = {
    engine: 'postgres',
    devices: 100,
    days: 30,
    requests: 100,
    ingestPerSecond: 1000,
    databaseUrl: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    keepDatabase: false,
    reuseDatabase: null,
    serverRoot: null,
    profile: null,
  }
  for (let i = 0; i < argv.length; i += 2) {
    const [name, value] = [argv[i], argv[i + 1] ?? '']
    if (name === '--pglite') {
      options.engine = 'pglite'
      i--
    } else if (name === '--keep-database') {
      options.keepDatabase = true
      i--
    } else if (name === '--reuse-database') options.reuseDatabase = value
    else if (name === '--server-root') options.serverRoot = value
    else if (name === '--profile') options.profile = value
    else if (name === '--devices') options.devices = Number(value)
    else if (name === '--days') options.days = Number(value)
    else if (name === '--requests') options.requests = Number(value)
    else if (name === '--ingest') options.ingestPerSecond = Number(value)
    else if (name === '--database-url') options.databaseUrl = value
    else throw new Error(`unknown option ${name}`)
  }
  return options
}

const say = (line: string) => console.log(`[bench:history] ${line}`)
const DAY_MS = 86_400_000

type Timing = {
  name: string
  p50: number | null
  p95: number | null
  p99: number | null
  max: number | null
  /** The server process's CPU (user + system) per request: less at the mercy of a busy machine than latency. */
  server_cpu_ms: number
}

async function time(name: string, urls: string[], token: string, serverPid: number): Promise<Timing> {
  const samples: number[] = []
  const cpuBefore = cpuSeconds(serverPid)
  for (const url of urls) {
    const started = performance.now()
    const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } })
    await res.arrayBuffer()
    if (!res.ok) throw new Error(`${name}: ${res.status} for ${url}`)
    samples.push(performance.now() - started)
  }
  const sorted = samples.sort((a, b) => a - b)
  return {
    name,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: percentile(sorted, 100),
    server_cpu_ms: round(((cpuSeconds(serverPid) - cpuBefore) * 1000) / urls.length),
  }
}

async function measure(
  baseUrl: string,
  token: string,
  ids: number[],
  requests: number,
  now: Date,
  serverPid: number,
) {
  const pick = (i: number) => ids[(i * 7919) % ids.length]!
  const iso = (ms: number) => new Date(ms).toISOString()
  const urls = (make: (id: number) => string) =>
    Array.from({ length: requests }, (_, i) => `${baseUrl}${make(pick(i))}`)
  const month = `from=${iso(now.getTime() - 30 * DAY_MS)}&to=${iso(now.getTime())}`
  const day = `from=${iso(now.getTime() - DAY_MS)}&to=${iso(now.getTime())}`
  return [
    await time(
      'history, 30 days',
      urls((id) => `/api/v2/items/${id}/history?${month}`),
      token,
      serverPid,
    ),
    await time(
      'history, 24 hours',
      urls((id) => `/api/v2/items/${id}/history?${day}`),
      token,
      serverPid,
    ),
    await time(
      'consumption, 30 days by day',
      urls((id) => `/api/v2/items/${id}/consumption?${month}&period=day`),
      token,
      serverPid,
    ),
    await time(
      'fuel estimate',
      urls((id) => `/api/v2/items/${id}/fuel`),
      token,
      serverPid,
    ),
    // The pellet store's forecast (ADR 057): the hopper estimate, the last 14 days' burn, the deliveries.
    await time(
      'pellet store and forecast',
      urls((id) => `/api/v2/items/${id}/pellet-store`),
      token,
      serverPid,
    ),
    // The energy counters (ADR 058): totals since the first reading, the season under way and the one before.
    await time(
      'energy counters',
      urls((id) => `/api/v2/items/${id}/energy`),
      token,
      serverPid,
    ),
    await time(
      'consumption, 30 days by day, compare_to previous_year',
      urls((id) => `/api/v2/items/${id}/consumption?${month}&period=day&compare_to=previous_year`),
      token,
      serverPid,
    ),
  ]
}

/** The owner label of the devices that publish while the routes are timed. */
const LIVE_DEVICES = 'bench-live'

async function runPostgres(options: Options, cleanups: (() => Promise<unknown>)[]) {
  const database = new BenchDatabase(options.databaseUrl, options.reuseDatabase ?? undefined)
  if (!options.reuseDatabase) {
    await database.create()
    if (options.keepDatabase) say(`keeping the database ${database.name} (--reuse-database ${database.name})`)
    else cleanups.push(() => database.drop())
  } else cleanups.push(() => database.db.end())
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'teplo-bench-'))
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }))
  const mqttPort = await freePort()
  const server = new ServerProcess({
    databaseUrl: database.url,
    dataDir,
    port: await freePort(),
    mqtt: { port: mqttPort },
    ...(options.serverRoot ? { root: path.resolve(options.serverRoot) } : {}),
    ...(options.profile
      ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${path.resolve(options.profile)}`] }
      : {}),
  })
  cleanups.push(() => server.stop())
  await server.start()
  let ids: number[]
  let now: Date
  if (options.reuseDatabase) {
    // The fleet filled first holds the lowest bench ids; "now" is its last reading, so the windows hold the
    // same rows as in the run that filled it.
    const { rows } = await database.db.query<{ id: number }>(
      `select id from items where owner = 'bench' and exists (select 1 from telemetry_1h h where h.item_id = items.id)
       order by id limit $1`,
      [options.devices],
    )
    ids = rows.map((row) => row.id)
    const last = await database.db.query<{ at: Date }>(
      'select max(recorded_at) as at from telemetry where item_id = $1',
      [ids[0]],
    )
    now = new Date(last.rows[0]!.at.getTime() + 10_000)
    say(`reusing ${database.name}: ${ids.length} devices, readings until ${now.toISOString()}`)
  } else {
    const devices = await database.provision(options.devices)
    ids = devices.map((device) => device.itemId)
    now = new Date(Math.floor(Date.now() / 60_000) * 60_000)
    const from = new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000 - options.days * DAY_MS)
    await createPartitions(database, from, new Date(now.getTime() + 2 * DAY_MS))
    say(
      `filling ${options.devices} devices × ${options.days} days at one reading per 10 s into ${database.name}`,
    )
    const started = performance.now()
    await fill(database, ids, from, now)
    say(`filled in ${round((performance.now() - started) / 1000)} s`)
  }
  const { rows } = await database.db.query<{ n: string }>('select count(*) as n from telemetry')
  say(`${rows[0]?.n} readings`)
  const sizes = await tableSizes(database)
  say(
    `on disk: ${Object.entries(sizes)
      .map(([table, mib]) => `${table} ${mib} MiB`)
      .join(', ')}`,
  )

  let fleet: DeviceFleet | null = null
  if (options.ingestPerSecond > 0) {
    // Live ingest meanwhile: devices publishing once a second each, removed afterwards (and any an interrupted
    // run left behind), so that a reused database does not gather silent devices and their offline alarms.
    await database.removeDevices(LIVE_DEVICES)
    const live: BenchDevice[] = await database.provision(options.ingestPerSecond, LIVE_DEVICES)
    cleanups.push(() => database.removeDevices(LIVE_DEVICES))
    fleet = new DeviceFleet(`mqtt://127.0.0.1:${mqttPort}`, live)
    cleanups.push(() => fleet!.close())
    await fleet.connect(200)
    void fleet.run(1000, 600_000, () => {}, new Set())
    say(`ingest running: ${options.ingestPerSecond} msg/s`)
    await new Promise((resolve) => setTimeout(resolve, 3000))
  }
  const token = await signIn(server.baseUrl)
  const load = loadAverage()
  const timings = await measure(server.baseUrl, token, ids, options.requests, now, server.pid)
  return { timings, load, stored: Number(rows[0]?.n ?? 0), sent: fleet?.counts.sent ?? 0, sizes }
}

/**
 * PGlite with more history than the demo generates (at most 90 days): the server seeds and migrates a data
 * directory and stops; the bench opens it with PGlite, adds `--devices` devices and fills them at one reading per
 * 10 s for `--days` days, as on PostgreSQL; the server starts again on it and is measured.
 */
async function runPgliteFilled(options: Options, cleanups: (() => Promise<unknown>)[]) {
  // --reuse-database names a data directory an earlier run kept (--keep-database): measured again, not filled.
  const dataDir = options.reuseDatabase ?? (await mkdtemp(path.join(os.tmpdir(), 'teplo-bench-')))
  if (options.keepDatabase) say(`keeping the data directory ${dataDir} (--reuse-database ${dataDir})`)
  else if (!options.reuseDatabase) cleanups.push(() => rm(dataDir, { recursive: true, force: true }))
  const serverOptions = async () => ({
    databaseUrl: '',
    dataDir,
    port: await freePort(),
    mqtt: { port: await freePort() },
    ...(options.serverRoot ? { root: path.resolve(options.serverRoot) } : {}),
    env: { DEMO_DEVICES: 'false', DEMO_HISTORY_DAYS: '0' },
  })
  let ids: number[]
  let now: Date
  if (options.reuseDatabase) {
    const db = await PGlite.create(path.join(dataDir, 'pgdata'))
    try {
      const { rows } = await db.query<{ id: number }>(
        "select id from items where owner = 'bench' order by id limit $1",
        [options.devices],
      )
      ids = rows.map((row) => row.id)
      const last = await db.query<{ at: Date }>(
        'select max(recorded_at) as at from telemetry where item_id = $1',
        [ids[0]],
      )
      now = new Date(last.rows[0]!.at.getTime() + 10_000)
    } finally {
      await db.close()
    }
    say(`reusing ${dataDir}: ${ids.length} devices, readings until ${now.toISOString()}`)
  } else {
    const seeding = new ServerProcess(await serverOptions())
    await seeding.start()
    await seeding.stop()
    const db = await PGlite.create(path.join(dataDir, 'pgdata'))
    now = new Date(Math.floor(Date.now() / 60_000) * 60_000)
    try {
      ids = (await provisionDevices(db, options.devices)).map((device) => device.itemId)
      const from = new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000 - options.days * DAY_MS)
      await createPartitions({ db }, from, new Date(now.getTime() + 2 * DAY_MS))
      say(`filling ${options.devices} devices × ${options.days} days at one reading per 10 s into PGlite`)
      const started = performance.now()
      await fill({ db }, ids, from, now)
      say(`filled in ${round((performance.now() - started) / 1000)} s`)
    } finally {
      await db.close()
    }
  }
  const server = new ServerProcess(await serverOptions())
  cleanups.push(() => server.stop())
  await server.start()
  const token = await signIn(server.baseUrl)
  const load = loadAverage()
  const timings = await measure(server.baseUrl, token, ids, options.requests, now, server.pid)
  return { timings, load, stored: options.devices * options.days * 8640, sent: 0, sizes: undefined }
}

async function runPglite(options: Options, cleanups: (() => Promise<unknown>)[]) {
  if (options.days > 90 || options.reuseDatabase) return runPgliteFilled(options, cleanups)
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'teplo-bench-'))
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }))
  const port = await freePort()
  const server = new ServerProcess({
    databaseUrl: '',
    dataDir,
    port,
    mqtt: { port: await freePort() },
    env: { DEMO_DEVICES: 'true', DEMO_HISTORY_DAYS: String(options.days) },
  })
  cleanups.push(() => server.stop())
  await server.start()
  const token = await signIn(server.baseUrl)
  // An admin reads any device by id: the seed's first few ids hold the demo boilers.
  const ids: number[] = []
  for (let id = 1; id <= 10; id++) {
    const res = await fetch(`${server.baseUrl}/api/v2/items/${id}`, {
      headers: { authorization: `Bearer ${token}` },
    })
    if (!res.ok) continue
    const item = (await res.json()) as { data: { attributes: { serial_number: string } } }
    if (['100001', '100003', '100004'].includes(item.data.attributes.serial_number)) ids.push(id)
  }
  if (ids.length === 0) throw new Error('no demo boilers found')
  say(`waiting for the demo boilers' generated ${options.days} days`)
  const now = new Date()
  const started = performance.now()
  // The fill runs in the background: wait until the boilers' readings stop growing (the live ones add a few).
  const month = `from=${new Date(now.getTime() - options.days * DAY_MS).toISOString()}&to=${now.toISOString()}&resolution=1d`
  const samples = async () => {
    let total = 0
    for (const id of ids) {
      const res = await fetch(`${server.baseUrl}/api/v2/items/${id}/history?${month}`, {
        headers: { authorization: `Bearer ${token}` },
      })
      const body = (await res.json()) as { data: { attributes: { series: { samples: number[] } } } }
      total += body.data.attributes.series.samples.reduce((sum, samples) => sum + samples, 0)
    }
    return total
  }
  let last = -1
  for (;;) {
    const total = await samples()
    // One generated reading a minute per boiler, less its outage.
    if (total >= ids.length * options.days * 1440 * 0.9 && total - last < 100) break
    last = total
    await new Promise((resolve) => setTimeout(resolve, 3000))
  }
  say(`${last} readings generated in about ${round((performance.now() - started) / 1000)} s after start`)
  const load = loadAverage()
  const timings = await measure(server.baseUrl, token, ids, options.requests, now, server.pid)
  return { timings, load, stored: 0, sent: 0, sizes: undefined }
}

async function main() {
  const options = readOptions(process.argv.slice(2))
  const cleanups: (() => Promise<unknown>)[] = []
  const command = `npm run bench:history${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`
  try {
    const loadBefore = loadAverage()
    const result =
      options.engine === 'postgres'
        ? await runPostgres(options, cleanups)
        : await runPglite(options, cleanups)
    console.log(
      JSON.stringify(
        {
          date: new Date().toISOString(),
          command,
          machine: machineDescription(),
          engine: options.engine,
          devices: options.engine === 'postgres' || options.days > 90 ? options.devices : 3,
          days: options.days,
          readings: result.stored || undefined,
          ingest_per_second: options.engine === 'postgres' ? options.ingestPerSecond : 0,
          ingest_sent_while_measuring: result.sent || undefined,
          table_sizes_mib: result.sizes,
          load_average_before: loadBefore,
          load_average_measuring: result.load,
          timings_ms: result.timings,
        },
        null,
        2,
      ),
    )
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {})
  }
}

await main()
