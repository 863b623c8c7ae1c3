import { createHash, randomBytes } from 'node:crypto'
import { DEMO_ADMIN } from '@teplo/domain'
import pg from 'pg'

export type BenchDevice = { index: number; serial: string; password: string; itemId: number }

// The bench's own connections, left out of the server's PostgreSQL CPU.
const BENCH_APPLICATION = 'teplo-bench'

/** What the fill and the provisioning need of a database: a pg pool, or PGlite opened on a data directory. */
export type Queryable = {
  query<R = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: R[] }>
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')

function withDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl)
  url.pathname = `/${database}`
  return url.toString()
}

/** A throw-away database on the local PostgreSQL server, dropped at the end of the run. */
export class BenchDatabase {
  readonly name: string
  readonly url: string
  private pool: pg.Pool | null = null

  /** `name`: an existing database (kept by an earlier run) instead of a new one. */
  constructor(
    private readonly serverUrl: string,
    name?: string,
  ) {
    this.name = name ?? `teplo_bench_${randomBytes(4).toString('hex')}`
    this.url = withDatabase(serverUrl, this.name)
  }

  async create(): Promise<void> {
    await this.admin(`create database ${this.name}`)
  }

  /** Terminates what is still connected (a killed server's pool) and drops the database. */
  async drop(): Promise<void> {
    await this.pool?.end().catch(() => {})
    this.pool = null
    await this.admin(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${this.name}' and pid <> pg_backend_pid()`,
    )
    await this.admin(`drop database if exists ${this.name}`)
  }

  private async admin(statement: string): Promise<void> {
    const client = new pg.Client({ connectionString: withDatabase(this.serverUrl, 'postgres') })
    await client.connect()
    try {
      await client.query(statement)
    } finally {
      await client.end()
    }
  }

  get db(): pg.Pool {
    if (!this.pool) {
      this.pool = new pg.Pool({ connectionString: this.url, max: 2, application_name: BENCH_APPLICATION })
      // An idle connection ended by the drop (a counter still polling when the run ends) is no failure.
      this.pool.on('error', () => {})
    }
    return this.pool
  }

  /** Verified items owned by the demo admin, as if each controller had been paired (see provisionDevices). */
  provision(count: number, owner = 'bench'): Promise<BenchDevice[]> {
    return provisionDevices(this.db, count, owner)
  }

  /**
   * Deletes the devices provisioned with this owner label, with everything that hangs on them (readings,
   * alarms, notifications): a kept database is reused without the devices an earlier run added for its own use.
   */
  async removeDevices(owner: string): Promise<number> {
    const { rowCount } = await this.db.query('delete from items where owner = $1', [owner])
    return rowCount ?? 0
  }

  /** Telemetry rows stored for the bench devices (item ids from..to). */
  async storedReadings(fromItemId: number, toItemId: number): Promise<number> {
    const { rows } = await this.db.query<{ n: string }>(
      'select count(*) as n from telemetry where item_id between $1 and $2',
      [fromItemId, toItemId],
    )
    return Number(rows[0]?.n ?? 0)
  }

  /** Process ids of the PostgreSQL backends serving the bench database (the server's pool, its LISTEN). */
  async backendPids(): Promise<number[]> {
    const { rows } = await this.db.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = $1 and application_name <> $2',
      [this.name, BENCH_APPLICATION],
    )
    return rows.map((row) => row.pid)
  }
}

/**
 * Verified items owned by the demo admin, as if each controller had been paired: status 'connecting' and the
 * SHA-256 of its secret, the way items/verify-token stores it. Serial numbers carry a random run prefix so that
 * two runs never share topics on a broker.
 */
export async function provisionDevices(
  db: Queryable,
  count: number,
  owner = 'bench',
): Promise<BenchDevice[]> {
  const run = 100_000 + (randomBytes(4).readUInt32BE() % 900_000)
  const devices = Array.from({ length: count }, (_, index) => ({
    index,
    serial: `9${run}${String(index).padStart(6, '0')}`,
    password: randomBytes(18).toString('base64url'),
    itemId: 0,
  }))
  const { rows: admins } = await db.query<{ user_id: number; category_id: number }>(
    `select u.id as user_id, (select min(id) from categories) as category_id from users u where u.email = $1`,
    [DEMO_ADMIN.email],
  )
  const admin = admins[0]
  if (!admin) throw new Error('the demo admin is missing: the server did not seed the database')
  for (let start = 0; start < count; start += 5000) {
    const chunk = devices.slice(start, start + 5000)
    const { rows } = await db.query<{ id: number; serial_number: string }>(
      `insert into items (user_id, category_id, name, owner, serial_number, status, device_secret_hash)
       select $1, $2, 'Bench ' || s, $5, s, 'connecting', h
       from unnest($3::text[], $4::text[]) as t(s, h)
       returning id, serial_number`,
      [
        admin.user_id,
        admin.category_id,
        chunk.map((d) => d.serial),
        chunk.map((d) => sha256(d.password)),
        owner,
      ],
    )
    const ids = new Map(rows.map((row) => [row.serial_number, row.id]))
    for (const device of chunk) device.itemId = ids.get(device.serial) ?? 0
  }
  return devices
}
