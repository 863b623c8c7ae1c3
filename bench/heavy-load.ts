// The heavy reads of issue 29 (ADR 039) as pieces two benches share: two years of hourly rollups written
// straight into a database for the demo user's boilers, the eight heavy requests of one round, and another
// account's `GET /me` timed meanwhile. bench:heavy runs them alone; bench:ingest alongside its fleet.
import { performance } from 'node:perf_hooks'
import { DEMO_ACCOUNTS, HISTORY_METRICS } from '@teplo/domain'
import { round } from './stats.ts'

const DAY_MS = 86_400_000

export type Query = (statement: string, params?: unknown[]) => Promise<{ affectedRows?: number }>

export function account(role: 'user' | 'creator') {
  const found = DEMO_ACCOUNTS.find((a) => a.role === role)
  if (!found) throw new Error(`no demo ${role}`)
  return found
}

export async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/v2/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })
  if (!res.ok) throw new Error(`sign-in failed for ${email}: ${res.status}`)
  return ((await res.json()) as { access_token: string }).access_token
}

/** `days` of hourly rollups (and the daily energy) for the demo user's boilers; says how many rows. */
export async function fill(query: Query, days: number): Promise<string> {
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
  await db.query('vacuum (analyze) telemetry_1d').catch(() => undefined)
  // The rows were written a moment ago; a server would have had them on disk long before: the checkpoint that
  // writes them out runs now, not during the measurement.
  await db.query('checkpoint')
  return `filled ${result.affectedRows} hourly rollups (${days} days) in ${round((performance.now() - started) / 1000)} s`
}

/** `GET /me` every 20 ms until `until()`: the times of another account's light request. */
export async function meLoop(baseUrl: string, token: string, until: () => boolean): Promise<number[]> {
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

/** The eight heavy requests of one round: two-year history and daily consumption, alternating over `ids`. */
export function heavyUrls(baseUrl: string, ids: string[], days: number): string[] {
  const to = new Date()
  const from = new Date(to.getTime() - days * DAY_MS)
  const span = `from=${from.toISOString()}&to=${to.toISOString()}`
  return Array.from({ length: 8 }, (_, i) => {
    const id = ids[i % ids.length]
    return i % 2 === 0
      ? `${baseUrl}/api/v2/items/${id}/history?${span}`
      : `${baseUrl}/api/v2/items/${id}/consumption?${span}&period=day`
  })
}

/** One round: the eight requests at once; each answer's status counted, the times of those answered 200. */
export async function heavyRound(
  urls: string[],
  token: string,
  statuses: Record<string, number>,
  times: number[],
): Promise<void> {
  await Promise.all(
    urls.map(async (url) => {
      const started = performance.now()
      const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } })
      await res.arrayBuffer()
      statuses[res.status] = (statuses[res.status] ?? 0) + 1
      if (res.ok) times.push(performance.now() - started)
    }),
  )
}

/** The ids of the devices `token`'s account sees. */
export async function itemIds(baseUrl: string, token: string): Promise<string[]> {
  const res = await fetch(`${baseUrl}/api/v2/items`, { headers: { authorization: `Bearer ${token}` } })
  return ((await res.json()) as { data: { id: string }[] }).data.map((item) => item.id)
}
