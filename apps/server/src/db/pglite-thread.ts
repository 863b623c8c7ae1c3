// The embedded database's own thread: PGlite runs every statement synchronously in WebAssembly, so on the
// server's thread a long query held up HTTP, MQTT and live streams (ADR 039). Started by pglite-proxy.ts.
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite } from '@electric-sql/pglite'
import { releaseMemory } from '../lib/release-memory.ts'
import type { Reply, Request, ThreadError, ThreadOptions } from './pglite-messages.ts'

const port = parentPort
if (!port) throw new Error('pglite-thread.ts runs as a worker thread')
const options = workerData as ThreadOptions

const keepText = (value: string) => value

function threadError(err: unknown): ThreadError {
  const fields: Record<string, string | number> = {}
  if (err && typeof err === 'object') {
    for (const [key, value] of Object.entries(err)) {
      if (typeof value === 'string' || typeof value === 'number') fields[key] = value
    }
  }
  return { message: err instanceof Error ? err.message : String(err), fields }
}

function send(reply: Reply): void {
  port?.postMessage(reply)
}

async function handle(db: PGlite, request: Request): Promise<unknown> {
  switch (request.op) {
    case 'query': {
      const { sql, params, rowMode, textTypes, paramTypes } = request.query
      const result = await db.query(sql, params, {
        ...(rowMode ? { rowMode } : {}),
        ...(paramTypes ? { paramTypes } : {}),
        parsers: Object.fromEntries(textTypes.map((type) => [type, keepText])),
      })
      return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows }
    }
    case 'exec': {
      const results = await db.exec(request.sql)
      return results.map(({ rows, fields, affectedRows, ...rest }) => ({
        rows,
        fields,
        affectedRows,
        // COMMIT answers ROLLBACK when the transaction had failed: the proxy needs to see it.
        command: (rest as { command?: string }).command,
      }))
    }
    case 'listen':
      await db.listen(request.channel, (payload) =>
        send({ type: 'notify', channel: request.channel, payload }),
      )
      return null
    case 'unlisten':
      await db.unlisten(request.channel)
      return null
    case 'dump':
      return await (await db.dumpDataDir('none')).arrayBuffer()
    case 'close':
      await db.close()
      return null
  }
}

async function open(): Promise<PGlite> {
  return PGlite.create(options.dataDir, {
    ...(options.template ? { loadDataDir: new Blob([options.template]) } : {}),
    startParams: options.startParams,
  })
}

open().then(
  (db) => {
    // initdb's WebAssembly instance (about 350 MB) is garbage now (ADR 021).
    releaseMemory()
    // One request after another, in the order sent: the proxy's transaction lock relies on it.
    let chain: Promise<void> = Promise.resolve()
    port.on('message', (request: Request) => {
      chain = chain.then(async () => {
        try {
          send({ type: 'result', id: request.id, value: await handle(db, request) })
        } catch (err) {
          send({ type: 'error', id: request.id, error: threadError(err) })
        }
        if (request.op === 'close') port.close()
      })
    })
    send({ type: 'ready' })
  },
  (err: unknown) => send({ type: 'open-failed', error: threadError(err) }),
)
