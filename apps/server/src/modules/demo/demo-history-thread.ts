// The demo boilers' past is computed here, not on the server's thread: a month of physics is seconds of CPU, which
// held `/health` and every request up during a first start (ADR 039). Started by demo-history-source.ts.
import { parentPort } from 'node:worker_threads'
import { type GeneratedHistory, simulateHistoryDays } from '@teplo/simulator'
import type { HistoryThreadReply, HistoryThreadRequest } from './demo-history-messages.ts'

const port = parentPort
if (!port) throw new Error('demo-history-thread.ts runs as a worker thread')

let days: Generator<GeneratedHistory> | null = null

function reply(request: HistoryThreadRequest): HistoryThreadReply {
  if (request.type === 'begin') {
    const { from, to, ...rest } = request.scenario
    days = simulateHistoryDays({ ...rest, from: new Date(from), to: new Date(to) })
  }
  const next = days?.next()
  if (!next || next.done) {
    days = null
    return { type: 'end' }
  }
  const { readings, ...rest } = next.value
  // Serialised here, so the server's thread passes one string on to the database.
  return {
    type: 'day',
    day: { ...rest, readingsJson: JSON.stringify(readings), readingCount: readings.length },
  }
}

port.on('message', (request: HistoryThreadRequest) => {
  try {
    port.postMessage(reply(request))
  } catch (err) {
    port.postMessage({ type: 'failed', message: err instanceof Error ? err.message : String(err) })
  }
})
