import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { BenchDatabase } from './bench-database.ts'
import { machineDescription } from './proc-stats.ts'
import { ServerProcess } from './server-process.ts'
import { signIn } from './sign-in.ts'
import { percentile, round } from './stats.ts'

// The installer's fleet view over many devices: GET /api/v2/fleet (first page, search, attention filter, a deep
// page, sorted by the maintenance due first) as an installer holding an installer share on every device, and as an
// admin, one request at a time.
// npm run bench:fleet [-- --devices 10000 --requests 200]

const USAGE = `npm run bench:fleet -- [--devices N] [--requests R] [--port P]
  [--database-url postgres://postgres@127.0.0.1:5432]`
const say = (line: string) => process.stderr.write(`[bench] ${line}\n`)

const { values } = parseArgs({
  options: {
    devices: { type: 'string', default: '10000' },
    requests: { type: 'string', default: '200' },
    // The server's port and the next one for its embedded broker.
    port: { type: 'string', default: '3532' },
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432' },
    help: { type: 'boolean', default: false },
  },
})
if (values.help) {
  process.stdout.write(`${USAGE}\n`)
  process.exit(0)
}
const devices = Number(values.devices)
const requests = Number(values.requests)
const port = Number(values.port)

/** Devices in every state the fleet ranks, held by customers, each shared with the installer. */
async function seed(database: BenchDatabase, installerId: number): Promise<void> {
  const db = database.db
  await db.query(`insert into users (name, email, password_hash)
    select 'Клієнт ' || g, 'customer-' || g || '@bench.test', 'x' from generate_series(1, 100) g`)
  await db.query(
    `insert into items (user_id, category_id, name, owner, serial_number, status, sync_status, sync_error,
       last_seen_at, device_secret_hash)
     select (select min(id) from users where email like 'customer-%') + (g % 100),
       (select min(id) from categories), 'Котел ' || g, 'Клієнт ' || (g % 100), (900000000 + g)::text,
       case when g % 200 = 0 then 'pending' when g % 50 = 0 then 'connecting' when g % 500 = 1 then 'archive'
         else 'on' end,
       case when g % 97 = 0 then 'refused' when g % 31 = 0 then 'pending' else 'synced' end,
       case when g % 97 = 0 then 'поза межами' end,
       now() - (g % 1440) * interval '1 minute', 'x'
     from generate_series(1, $1::int) g`,
    [devices],
  )
  await db.query(
    `insert into item_shares (item_id, user_id, access) select id, $1, 'installer' from items
     where serial_number::bigint > 900000000`,
    [installerId],
  )
  await db.query(`insert into item_errors (item_id, error_code, error_time)
    select id, 'E2', now() from items where id % 20 = 0`)
  // Maintenance as the hourly look leaves it (ADR 059): four tasks a device with the day each falls due, spread
  // from a month overdue to a year ahead; one device in ten not looked at yet (its registration's year counts).
  await db.query(`insert into maintenance_tasks (item_id, task, due_at)
    select i.id, t.task, now() + ((i.id * 7919 + t.n * 104729) % 395 - 30) * interval '1 day'
    from items i cross join (values ('ash_box', 1), ('heat_exchanger', 2), ('annual_service', 3),
      ('chimney_sweep', 4)) t(task, n)
    where i.serial_number::bigint > 900000000 and i.id % 10 <> 0`)
  await db.query('analyze')
}

async function timed(url: string, token: string): Promise<number> {
  const started = performance.now()
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } })
  await res.arrayBuffer()
  if (!res.ok) throw new Error(`${url}: ${res.status}`)
  return performance.now() - started
}

async function main() {
  const cleanups: (() => Promise<unknown>)[] = []
  try {
    const database = new BenchDatabase(values['database-url'])
    await database.create()
    cleanups.push(() => database.drop())
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'teplo-bench-fleet-'))
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }))
    const server = new ServerProcess({ databaseUrl: database.url, dataDir, port, mqtt: { port: port + 1 } })
    await server.start()
    cleanups.push(() => server.stop())
    const adminToken = await signIn(server.baseUrl)

    const email = 'installer@bench.test'
    const registered = await fetch(`${server.baseUrl}/api/v2/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Монтажник',
        email,
        password: 'bench-pass-1',
        password_confirmation: 'bench-pass-1',
      }),
    })
    const installerToken = ((await registered.json()) as { access_token: string }).access_token
    const [installer] = (await database.db.query('select id from users where email = $1', [email])).rows
    await database.db.query(
      `update user_roles set role_id = (select id from roles where name = 'creator') where user_id = $1`,
      [installer.id],
    )
    say(`seeding ${devices} devices, each shared with the installer`)
    await seed(database, installer.id)

    const base = `${server.baseUrl}/api/v2/fleet`
    const scenarios: [string, string, string][] = [
      ['installer, first page (25)', `${base}`, installerToken],
      [
        'installer, search "Котел 77"',
        `${base}?filter[search]=${encodeURIComponent('Котел 77')}`,
        installerToken,
      ],
      ['installer, filter offline', `${base}?filter[attention]=offline`, installerToken],
      ['installer, page 200 of 400', `${base}?page[number]=200`, installerToken],
      ['admin, first page (25)', `${base}`, adminToken],
      ['installer, sort=maintenance, first page', `${base}?sort=maintenance`, installerToken],
      ['installer, sort=maintenance, page 200', `${base}?sort=maintenance&page[number]=200`, installerToken],
      ['admin, sort=maintenance, first page', `${base}?sort=maintenance`, adminToken],
    ]
    const rows: string[] = []
    for (const [name, url, token] of scenarios) {
      for (let i = 0; i < 20; i++) await timed(url, token)
      const samples: number[] = []
      for (let i = 0; i < requests; i++) samples.push(await timed(url, token))
      samples.sort((a, b) => a - b)
      const line = `| ${name} | ${percentile(samples, 50)} | ${percentile(samples, 95)} | ${round(samples.at(-1) ?? 0)} |`
      say(line)
      rows.push(line)
    }
    process.stdout.write(
      [
        `GET /api/v2/fleet, ${devices} devices on PostgreSQL, ${requests} requests each, one at a time`,
        `(${machineDescription()})`,
        '',
        '| call | p50 ms | p95 ms | max ms |',
        '|---|---|---|---|',
        ...rows,
        '',
      ].join('\n'),
    )
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {})
  }
}

await main()
