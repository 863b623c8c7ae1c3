import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../src/db/client.ts'
import { rowsOf } from '../src/lib/sql-result.ts'
import {
  beat,
  claimLostSession,
  forgetSession,
  releaseLease,
  removeOwnSession,
  renewLease,
} from '../src/modules/device-link/server-sessions.ts'
import { heartbeatPeriodMs } from '../src/modules/device-link/session-takeover.ts'
import { openTestDatabase } from './helper.ts'

// The lease that lets exactly one survivor take over a lost instance's broker session (ADR 043);
// faults/lost-instance.test.ts runs the whole takeover against a real Mosquitto and PostgreSQL.
describe('server session heartbeats and the takeover lease', () => {
  let database: DatabaseHandle
  const db = () => database.db
  beforeAll(async () => {
    database = await openTestDatabase()
  })
  afterAll(async () => {
    await database?.close()
  })
  beforeEach(async () => {
    await db().execute(sql`delete from server_sessions`)
  })

  /** The instance's heartbeat as if written `seconds` ago. */
  const silence = (clientId: string, seconds: number) =>
    db().execute(
      sql`update server_sessions set heartbeat_at = now() - make_interval(secs => ${seconds}::int) where client_id = ${clientId}`,
    )
  const rows = async () =>
    rowsOf<{ client_id: string; lease_holder: string | null }>(
      await db().execute(sql`select client_id, lease_holder from server_sessions order by client_id`),
    )

  it('a session silent past the limit is claimed by one survivor; a second survivor gets nothing while the lease holds', async () => {
    await beat(db(), 'a')
    await beat(db(), 'b')
    await beat(db(), 'c')
    expect(await claimLostSession(db(), 'b', 30, 20)).toBeNull()
    await silence('a', 31)

    const claimed = await claimLostSession(db(), 'b', 30, 20)
    expect(claimed?.clientId).toBe('a')
    expect(claimed?.silentSeconds).toBeGreaterThanOrEqual(30)
    expect(await claimLostSession(db(), 'c', 30, 20)).toBeNull()
    expect(await renewLease(db(), 'a', 'b', 20)).toBe(true)
    expect(await renewLease(db(), 'a', 'c', 20)).toBe(false)
  })

  it('never claims its own session, nor one it was told to skip', async () => {
    await beat(db(), 'a')
    await beat(db(), 'b')
    await silence('a', 60)
    await silence('b', 60)
    expect((await claimLostSession(db(), 'b', 30, 20, ['a']))?.clientId).toBeUndefined()
    expect((await claimLostSession(db(), 'a', 30, 20))?.clientId).toBe('b')
  })

  it("the owner's heartbeat ends the lease: the holder's renewal fails and nobody may claim the session", async () => {
    await beat(db(), 'a')
    await silence('a', 40)
    expect((await claimLostSession(db(), 'b', 30, 20))?.clientId).toBe('a')
    await beat(db(), 'a')
    expect(await renewLease(db(), 'a', 'b', 20)).toBe(false)
    expect(await claimLostSession(db(), 'c', 30, 20)).toBeNull()
    // The holder's clean-up after it stopped does not remove the owner's row.
    await forgetSession(db(), 'a', 'b')
    expect(await rows()).toEqual([{ client_id: 'a', lease_holder: null }])
  })

  it('a lease that ran out (its holder died mid-drain) or was given back may be claimed by another survivor', async () => {
    await beat(db(), 'a')
    await silence('a', 40)
    expect((await claimLostSession(db(), 'b', 30, 20))?.clientId).toBe('a')
    await db().execute(sql`update server_sessions set lease_until = now() - interval '1 second'`)
    expect((await claimLostSession(db(), 'c', 30, 20))?.clientId).toBe('a')
    expect(await renewLease(db(), 'a', 'b', 20)).toBe(false)
    await releaseLease(db(), 'a', 'c')
    expect((await claimLostSession(db(), 'b', 30, 20))?.clientId).toBe('a')
  })

  it('a drained session is forgotten by its holder only; an instance leaving for good removes its own row', async () => {
    await beat(db(), 'a')
    await beat(db(), 'b')
    await silence('a', 40)
    await claimLostSession(db(), 'b', 30, 20)
    await forgetSession(db(), 'a', 'c')
    expect((await rows()).map((r) => r.client_id)).toEqual(['a', 'b'])
    await forgetSession(db(), 'a', 'b')
    await removeOwnSession(db(), 'b')
    expect(await rows()).toEqual([])
  })

  it('heartbeats every sixth of the limit, between 0.5 and 5 s', () => {
    expect(heartbeatPeriodMs(30)).toBe(5000)
    expect(heartbeatPeriodMs(6)).toBe(1000)
    expect(heartbeatPeriodMs(3)).toBe(500)
    expect(heartbeatPeriodMs(3600)).toBe(5000)
  })
})
