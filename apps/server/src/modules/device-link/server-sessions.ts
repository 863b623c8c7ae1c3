import { sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { anyOf } from '../../lib/sql-any.ts'
import { affectedRows, rowsOf } from '../../lib/sql-result.ts'

// Every time is the database's (now()), so the hosts' clocks never have to agree.
const seconds = (value: number) => sql`make_interval(secs => ${value}::float8)`

/**
 * This instance is alive: its session's heartbeat is now. A survivor that held a lease on it (took it for lost)
 * loses the lease, and its next renewal tells it to stop and leave the session to its owner.
 */
export async function beat(db: Database, clientId: string): Promise<void> {
  await db.execute(sql`
    insert into server_sessions (client_id, heartbeat_at) values (${clientId}, now())
    on conflict (client_id) do update set heartbeat_at = now(), lease_holder = null, lease_until = null`)
}

/**
 * Claims one lost session for `holder`: another instance's, silent for `staleSeconds`, with no lease in force.
 * The row lock (skip locked) and the lease make the claim exclusive: of several survivors asking at once, one
 * gets it. Null when there is nothing to take over.
 */
export async function claimLostSession(
  db: Database,
  holder: string,
  staleSeconds: number,
  leaseSeconds: number,
  /** Sessions not to claim now (found in use at the broker though their heartbeat is stale). */
  skip: readonly string[] = [],
): Promise<{ clientId: string; silentSeconds: number } | null> {
  const result = await db.execute(sql`
    update server_sessions set lease_holder = ${holder}, lease_until = now() + ${seconds(leaseSeconds)}
    where client_id = (
      select client_id from server_sessions
      where client_id <> ${holder} and not (${anyOf(sql.raw('client_id'), skip, 'text')})
        and heartbeat_at < now() - ${seconds(staleSeconds)}
        and (lease_until is null or lease_until < now())
      order by heartbeat_at
      limit 1
      for update skip locked)
    returning client_id, extract(epoch from now() - heartbeat_at)::float8 as silent_seconds`)
  const [row] = rowsOf<{ client_id: string; silent_seconds: number }>(result)
  return row ? { clientId: row.client_id, silentSeconds: Number(row.silent_seconds) } : null
}

/**
 * Extends `holder`'s lease on a lost session. False when it is no longer the holder's to drain: its owner is
 * back (its heartbeat cleared the lease) or the lease ran out and another survivor took it.
 */
export async function renewLease(
  db: Database,
  clientId: string,
  holder: string,
  leaseSeconds: number,
): Promise<boolean> {
  const result = await db.execute(sql`
    update server_sessions set lease_until = now() + ${seconds(leaseSeconds)}
    where client_id = ${clientId} and lease_holder = ${holder}`)
  return affectedRows(result) === 1
}

/** Gives a lease back undrained (the broker went away, this instance stops): another attempt may claim it. */
export async function releaseLease(db: Database, clientId: string, holder: string): Promise<void> {
  await db.execute(sql`
    update server_sessions set lease_holder = null, lease_until = null
    where client_id = ${clientId} and lease_holder = ${holder}`)
}

/**
 * The lost session was drained and ended at the broker: its row goes (unless its owner came back meanwhile;
 * an owner that returns later writes a new one).
 */
export async function forgetSession(db: Database, clientId: string, holder: string): Promise<void> {
  await db.execute(sql`
    delete from server_sessions where client_id = ${clientId} and lease_holder = ${holder}`)
}

/** An instance leaving for good (session expiry 0) leaves no session behind, and no row. */
export async function removeOwnSession(db: Database, clientId: string): Promise<void> {
  await db.execute(sql`delete from server_sessions where client_id = ${clientId}`)
}
