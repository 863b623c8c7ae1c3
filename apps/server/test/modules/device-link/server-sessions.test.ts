import net from 'node:net'
import { sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Database, DatabaseHandle } from '../../../src/db/client.ts'
import { rowsOf } from '../../../src/lib/sql-result.ts'
import {
  beat,
  claimLostSession,
  forgetSession,
  releaseLease,
  removeOwnSession,
  renewLease,
} from '../../../src/modules/device-link/server-sessions.ts'
import { heartbeatPeriodMs, SessionTakeover } from '../../../src/modules/device-link/session-takeover.ts'
import { openTestDatabase } from '../../support/helper.ts'

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

  /** A port nothing listens on: a broker that refuses every connection. */
  async function closedPort(): Promise<number> {
    const server = net.createServer()
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
    const { port } = server.address() as net.AddressInfo
    await new Promise((resolve) => server.close(resolve))
    return port
  }

  it('claims nothing until its own heartbeats have held for the whole limit, after its start and after a database failure; a drain that cannot connect gives the lease back', async () => {
    const messages: string[] = []
    const log = {
      warn: (_o: unknown, msg?: string) => messages.push(msg ?? String(_o)),
      error: (_o: unknown, msg?: string) => messages.push(msg ?? String(_o)),
      info: () => {},
    } as unknown as FastifyBaseLogger
    let failing = false
    // The database as the loop sees it: failing at will.
    const flaky = {
      execute: (query: Parameters<Database['execute']>[0]) =>
        failing ? Promise.reject(new Error('database down')) : db().execute(query),
    } as unknown as Database
    await beat(db(), 'lost')
    await silence('lost', 600)
    const takeover = new SessionTakeover({
      db: flaky,
      log,
      url: `mqtt://127.0.0.1:${await closedPort()}`,
      clientId: 'survivor',
      filters: ['$share/g/teplo/v1/devices/+/telemetry'],
      sessionExpirySeconds: 60,
      staleSeconds: 1.5,
      onMessage: () => {},
      brokerConnected: () => brokerUp,
    })
    const attempts = () => messages.filter((m) => m.includes('taking over')).length
    let brokerUp = true
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
    try {
      await takeover.beatOnce()
      takeover.start({ claim: true })
      await sleep(1000)
      expect(attempts()).toBe(0)
      await waitForAttempts(1)
      // The broker refused: the lease is given back at once, for a later attempt.
      await waitForRelease()
      expect(messages).toContain('device link: could not connect to take over a lost session')

      // Not tried again at once (a broker refusing is not asked every period), nor while this instance's own
      // broker connection is down.
      brokerUp = false
      await sleep(2000)
      expect(attempts()).toBe(1)
      brokerUp = true

      failing = true
      await waitForMessage('device link: could not write the session heartbeat')
      failing = false
      await waitForMessage('device link: session heartbeat written again')
      const before = attempts()
      // A full limit (1.5 s) of good heartbeats again before the next claim.
      await sleep(1000)
      expect(attempts()).toBe(before)
      await waitForAttempts(before + 1)
    } finally {
      await takeover.stop({ leavingForGood: false })
    }

    async function waitFor(check: () => Promise<boolean> | boolean, what: string) {
      const deadline = Date.now() + 5000
      while (!(await check())) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${messages.join(' | ')}`)
        await sleep(50)
      }
    }
    function waitForAttempts(n: number) {
      return waitFor(() => attempts() >= n, `${n} takeover attempts`)
    }
    function waitForMessage(text: string) {
      return waitFor(() => messages.some((m) => m.startsWith(text)), text)
    }
    function waitForRelease() {
      return waitFor(
        async () => (await rows()).find((r) => r.client_id === 'lost')?.lease_holder === null,
        'the lease given back',
      )
    }
  })
})
