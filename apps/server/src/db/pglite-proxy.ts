import type { Worker } from 'node:worker_threads'
import type { QueryOptions, Results, Transaction } from '@electric-sql/pglite'
import { startSourceThread } from '../lib/source-thread.ts'
import { isHeavy } from '../lib/statement-priority.ts'
import type {
  Operation,
  QueryRequest,
  Reply,
  Request,
  ThreadError,
  ThreadOptions,
} from './pglite-messages.ts'

/**
 * The embedded database's thread stopped (crashed, or is being started again): SQLSTATE 08006, so the error
 * handler answers 503 with Retry-After and the ingest retries its batch (lib/database-errors.ts).
 */
export class DatabaseThreadStopped extends Error {
  readonly code = '08006'
  constructor(reason: string) {
    super(`the embedded database is not available (${reason})`)
  }
}

/** A statement failed in the database's thread: its PostgreSQL fields (code, detail, constraint, …) on the error. */
function fromThread(error: ThreadError): Error {
  return Object.assign(new Error(error.message), error.fields)
}

export type PGliteProxyOptions = ThreadOptions & {
  /** Told when the thread stopped unexpectedly and whether it is being started again. */
  onStop?: (err: Error, restarting: boolean) => void
  /** The thread could not be started again: the database cannot serve this process any more. */
  onLost?: (err: Error) => void
}

// At most this many restarts a minute; a database that keeps failing is lost, not restarted for ever.
const RESTARTS_PER_MINUTE = 5
const PROBE = '\u0000text'
// Statements that go before waiting heavy ones, at most, before one heavy one goes.
const LIGHT_BEFORE_HEAVY = 4
// How long the connection waits for a light request's next statement before a heavy one may take it.
const LIGHT_GRACE_MS = 10

/**
 * PGlite in a worker thread, with the part of PGlite's interface drizzle uses (query, exec, transaction) and
 * LISTEN/NOTIFY, over the thread's message port (ADR 039). One connection, as in PGlite itself: a transaction holds
 * it from BEGIN to COMMIT and every other statement waits its turn, light ones before heavy reads (`runHeavy`).
 */
export class PGliteProxy {
  private thread: Worker | null = null
  private readonly pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (err: Error) => void }
  >()
  private nextId = 1
  private closing = false
  private stopReason = 'starting'
  private restarts: number[] = []
  // The one connection: held by a statement until it is answered, by a transaction until it ends.
  private busy = false
  private readonly lightTurns: (() => void)[] = []
  private readonly heavyTurns: (() => void)[] = []
  private lightInARow = 0
  private graceGiven = false
  private readonly listeners = new Map<string, Set<(payload: string) => void>>()

  private constructor(private readonly options: PGliteProxyOptions) {}

  static async open(options: PGliteProxyOptions): Promise<PGliteProxy> {
    const proxy = new PGliteProxy(options)
    await proxy.start()
    return proxy
  }

  /**
   * Whether the thread is open. Not a statement: asked by `/health`, which must answer while a long statement
   * holds the one connection.
   */
  check(): Promise<void> {
    return this.thread ? Promise.resolve() : Promise.reject(new DatabaseThreadStopped(this.stopReason))
  }

  /** The thread, for tests that end it. */
  get worker(): Worker | null {
    return this.thread
  }

  query<T>(sql: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    const request = queryRequest(sql, params, options)
    return this.inTurn({ op: 'query', query: request }) as Promise<Results<T>>
  }

  exec(sql: string): Promise<Results[]> {
    return this.inTurn({ op: 'exec', sql }) as Promise<Results[]>
  }

  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const release = await this.turn(isHeavy())
    let closed = false
    const open = () => {
      if (closed) throw new Error('Transaction is closed')
    }
    const tx: Transaction = {
      query: async <R>(sql: string, params?: unknown[], options?: QueryOptions) => {
        open()
        return (await this.call({
          op: 'query',
          query: queryRequest(sql, params ?? [], options),
        })) as Results<R>
      },
      sql: async () => {
        throw new Error('tx.sql is not supported across the database thread; use tx.query')
      },
      exec: async (sql: string) => {
        open()
        return (await this.call({ op: 'exec', sql })) as Results[]
      },
      rollback: async () => {
        open()
        await this.call({ op: 'exec', sql: 'ROLLBACK' })
        closed = true
      },
      listen: async (channel: string, listener: (payload: string) => void) => {
        open()
        return this.listenNow(channel, listener)
      },
      get closed() {
        return closed
      },
    }
    try {
      await this.call({ op: 'exec', sql: 'BEGIN' })
      const result = await callback(tx)
      if (!closed) {
        closed = true
        const [commit] = (await this.call({ op: 'exec', sql: 'COMMIT' })) as Results[]
        // COMMIT of a transaction that failed inside (an error the callback caught) rolls it back.
        if ((commit as { command?: string } | undefined)?.command === 'ROLLBACK')
          throw Object.assign(new Error('the transaction was aborted and rolled back'), { code: '25P02' })
      }
      return result
    } catch (err) {
      if (!closed) {
        closed = true
        await this.call({ op: 'exec', sql: 'ROLLBACK' }).catch(() => {})
      }
      throw err
    } finally {
      release()
    }
  }

  async listen(channel: string, listener: (payload: string) => void): Promise<() => Promise<void>> {
    const release = await this.turn(false)
    try {
      return await this.listenNow(channel, listener)
    } finally {
      release()
    }
  }

  async unlisten(channel: string, listener?: (payload: string) => void): Promise<void> {
    const set = this.listeners.get(channel)
    if (listener) set?.delete(listener)
    else set?.clear()
    if (set && set.size > 0) return
    this.listeners.delete(channel)
    await this.inTurn({ op: 'unlisten', channel })
  }

  /** The database as a tar file (PGlite's dumpDataDir). */
  async dumpDataDir(): Promise<Blob> {
    return new Blob([(await this.inTurn({ op: 'dump' })) as ArrayBuffer])
  }

  async close(): Promise<void> {
    if (this.closing) return
    this.closing = true
    this.stopReason = 'closed'
    const thread = this.thread
    if (!thread) return
    const release = await this.turn(false)
    try {
      await this.call({ op: 'close' }).catch(() => {})
    } finally {
      release()
      this.thread = null
      await thread.terminate()
    }
  }

  private async listenNow(
    channel: string,
    listener: (payload: string) => void,
  ): Promise<() => Promise<void>> {
    let set = this.listeners.get(channel)
    if (!set) {
      set = new Set()
      this.listeners.set(channel, set)
      await this.call({ op: 'listen', channel })
    }
    set.add(listener)
    return () => this.unlisten(channel, listener)
  }

  /**
   * Waits for the connection and holds it until the returned function is called. Whoever waits goes before the
   * heavy statements waiting, except that every LIGHT_BEFORE_HEAVY turns a heavy one goes first: heavy reads
   * wait for a busy server's writes, but do not starve.
   */
  private turn(heavy: boolean): Promise<() => void> {
    return new Promise((resolve) => {
      const go = () => {
        this.busy = true
        let released = false
        resolve(() => {
          if (released) return
          released = true
          this.next()
        })
      }
      if (!this.busy) go()
      else (heavy ? this.heavyTurns : this.lightTurns).push(go)
    })
  }

  private next(): void {
    this.busy = false
    if (this.lightTurns.length === 0 && this.heavyTurns.length > 0 && !this.graceGiven) {
      // A request whose statement was just answered sends its next one in a moment (after its hooks and code
      // have run): it goes before heavy reads, so that a light request is not queued behind each of them in turn.
      this.graceGiven = true
      setTimeout(() => {
        if (!this.busy) this.next()
      }, LIGHT_GRACE_MS)
      return
    }
    this.graceGiven = false
    const heavyFirst =
      this.heavyTurns.length > 0 && (this.lightTurns.length === 0 || this.lightInARow >= LIGHT_BEFORE_HEAVY)
    const go = heavyFirst ? this.heavyTurns.shift() : this.lightTurns.shift()
    // Counted only while heavy ones wait.
    this.lightInARow = heavyFirst || this.heavyTurns.length === 0 ? 0 : this.lightInARow + 1
    go?.()
  }

  /** One statement outside transactions, in its turn. */
  private async inTurn(operation: Operation): Promise<unknown> {
    const release = await this.turn(isHeavy())
    try {
      return await this.call(operation)
    } finally {
      release()
    }
  }

  private call(request: Operation): Promise<unknown> {
    const thread = this.thread
    if (!thread) return Promise.reject(new DatabaseThreadStopped(this.stopReason))
    const id = this.nextId++
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject })
      // Only while waiting for an answer does the thread keep the process alive.
      if (this.pending.size === 1) thread.ref()
      thread.postMessage({ ...request, id } satisfies Request)
    })
  }

  private settle(
    id: number,
  ): { resolve: (value: unknown) => void; reject: (err: Error) => void } | undefined {
    const waiting = this.pending.get(id)
    this.pending.delete(id)
    if (this.pending.size === 0) this.thread?.unref()
    return waiting
  }

  private start(): Promise<void> {
    const { onStop, onLost, ...threadOptions } = this.options
    const thread = startThread(threadOptions)
    return new Promise<void>((resolve, reject) => {
      let ready = false
      thread.on('message', (reply: Reply) => {
        switch (reply.type) {
          case 'ready':
            ready = true
            this.thread = thread
            this.pending.size === 0 && thread.unref()
            resolve()
            return
          case 'open-failed':
            reject(fromThread(reply.error))
            void thread.terminate()
            return
          case 'result':
            this.settle(reply.id)?.resolve(reply.value)
            return
          case 'error':
            this.settle(reply.id)?.reject(fromThread(reply.error))
            return
          case 'notify':
            for (const listener of this.listeners.get(reply.channel) ?? []) listener(reply.payload)
            return
        }
      })
      thread.on('error', (err) => {
        if (!ready) reject(err)
        else this.stopped(thread, err)
      })
      thread.on('exit', (code) => {
        if (!ready) reject(new Error(`the database thread ended while opening (exit code ${code})`))
        else this.stopped(thread, new Error(`the database thread ended (exit code ${code})`))
      })
    })
  }

  private stopped(thread: Worker, err: Error): void {
    if (this.thread !== thread) return
    this.thread = null
    this.stopReason = err.message
    for (const [id, waiting] of this.pending) {
      this.pending.delete(id)
      waiting.reject(new DatabaseThreadStopped(err.message))
    }
    if (this.closing) return
    const now = Date.now()
    this.restarts = this.restarts.filter((at) => now - at < 60_000)
    // In memory, a new thread would be an empty database: the data is gone with the old one.
    const restarting = this.options.dataDir !== undefined && this.restarts.length < RESTARTS_PER_MINUTE
    this.options.onStop?.(err, restarting)
    if (!restarting) {
      this.options.onLost?.(err)
      return
    }
    this.restarts.push(now)
    this.stopReason = 'restarting after its thread stopped'
    this.start().then(
      () => this.listenAgain(),
      (openErr: unknown) => {
        this.stopReason = 'could not be opened again'
        this.options.onLost?.(openErr instanceof Error ? openErr : new Error(String(openErr)))
      },
    )
  }

  private async listenAgain(): Promise<void> {
    for (const channel of this.listeners.keys()) await this.call({ op: 'listen', channel }).catch(() => {})
  }
}

function queryRequest(sql: string, params: unknown[], options: QueryOptions | undefined): QueryRequest {
  if (options?.serializers || options?.blob || options?.onNotice)
    throw new Error('serializers, blob and onNotice do not cross the database thread')
  const textTypes: number[] = []
  for (const [type, parse] of Object.entries(options?.parsers ?? {})) {
    // A parser is code and stays on this side: only those that keep PostgreSQL's text (drizzle's) are honoured.
    if (parse(PROBE, Number(type)) !== PROBE)
      throw new Error(`a parser for type ${type} that changes the text does not cross the database thread`)
    textTypes.push(Number(type))
  }
  return { sql, params, rowMode: options?.rowMode, textTypes, paramTypes: options?.paramTypes }
}

function startThread(options: ThreadOptions): Worker {
  return startSourceThread(new URL('./pglite-thread.ts', import.meta.url), { workerData: options })
}
