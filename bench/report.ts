import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { BenchOptions } from './options.ts'
import { repoRoot } from './server-process.ts'
import type { Distribution } from './stats.ts'

export type BenchSummary = {
  /** With --heavy-reads: the heavy rounds run while publishing, and another account's GET /me meanwhile. */
  heavyReads?: { rounds: number; statuses: Record<string, number>; heavy: Distribution; me: Distribution }
  date: string
  command: string
  machine: string
  loadBefore: string
  loadAfter: string
  options: BenchOptions
  brokerUrl: string
  connect: {
    devices: number
    connected: number
    failed: number
    seconds: number
    perSecond: number
    serverCpuSeconds: number
  }
  messages: {
    offeredPerSecond: number
    sent: number
    acked: number
    stored: number
    lost: number
    skipped: number
    publishErrors: number
    droppedConnections: number
    reconnected: number
    /** Stored rows per second while publishing. */
    ingestedPerSecond: number
    /** Slowest and median one-second ingest rate after the first second. */
    perSecondMin: number
    perSecondMedian: number
    /** Rows stored in each second of the publishing window. */
    perSecondSeries: number[]
    /** Seconds after the last publish until every sent message was stored. */
    drainSeconds: number
    /** Sent but not yet stored when the last message was published. */
    backlogAtLastPublish: number
    /** Rows stored per second while the backlog drained. */
    drainedPerSecond: number
  }
  latencyMs: { publishToAck: Distribution; publishToApi: Distribution; publishToSse: Distribution }
  watchers: {
    devices: number
    pollMs: number
    apiMissed: number
    sseMissed: number
    apiRequests: number
    apiErrors: number
    sseEvents: number
    sseStreamsLost: number
  }
  server: {
    cpuSeconds: number
    cpuCores: number
    peakMemoryMiB: number
    memoryAtEndMiB: number
    postgresCpuSeconds: number
    postgresCpuCores: number
    /** An external broker running on this machine; null for the embedded one (its CPU is the server's). */
    brokerCpuCores: number | null
  }
  bench: { cpuCores: number; eventLoopDelayP99Ms: number }
  machineBusyCores: number
  /** Busy cores not used by the server, its PostgreSQL backends, a local broker or the bench: other work. */
  otherBusyCores: number
  machineCores: number
  windowSeconds: number
  serverWarnings: string[]
}

const fmt = (value: number | null, unit = '') => (value === null ? '—' : `${value}${unit}`)

function latencyRow(name: string, d: Distribution): string {
  return `  ${name.padEnd(30)} p50 ${fmt(d.p50, ' ms').padStart(10)}   p99 ${fmt(d.p99, ' ms').padStart(10)}   max ${fmt(d.max, ' ms').padStart(10)}   (${d.samples} samples)`
}

export function summaryTable(s: BenchSummary): string {
  const m = s.messages
  const line = '─'.repeat(100)
  return [
    line,
    `Teplo ingest benchmark — ${s.date}`,
    `  ${s.command}`,
    `  machine: ${s.machine}; load average before ${s.loadBefore}, after ${s.loadAfter}`,
    `  broker: ${s.options.broker} (${s.brokerUrl}); ${s.options.devices} devices, one message per ${s.options.intervalSeconds} s each, ${s.options.durationSeconds} s`,
    line,
    `  connect            ${s.connect.connected}/${s.connect.devices} devices in ${s.connect.seconds} s (${s.connect.perSecond}/s), ${s.connect.failed} failed, server CPU ${s.connect.serverCpuSeconds} s`,
    `  offered            ${m.offeredPerSecond} msg/s`,
    `  ingested           ${m.ingestedPerSecond} msg/s while publishing (1 s windows: min ${m.perSecondMin}, median ${m.perSecondMedian})`,
    `  sent / acked / stored   ${m.sent} / ${m.acked} / ${m.stored}   lost ${m.lost}   (drained ${m.drainSeconds} s after the last publish)`,
    `  backlog            ${m.backlogAtLastPublish} not stored at the last publish, written at ${m.drainedPerSecond} msg/s after it`,
    `  not sent           ${m.skipped} (device not connected), publish errors ${m.publishErrors}, connections dropped ${m.droppedConnections} (made again ${m.reconnected})`,
    latencyRow('publish → PUBACK', s.latencyMs.publishToAck),
    latencyRow('publish → readable via API', s.latencyMs.publishToApi),
    latencyRow('publish → SSE client', s.latencyMs.publishToSse),
    ...(s.heavyReads
      ? [
          `  heavy reads        ${s.heavyReads.rounds} rounds of 8 (answers ${JSON.stringify(s.heavyReads.statuses)})`,
          latencyRow('heavy read (200)', s.heavyReads.heavy),
          latencyRow("another's GET /me", s.heavyReads.me),
        ]
      : []),
    `  watchers           ${s.watchers.devices} devices, API polled every ${s.watchers.pollMs} ms (${s.watchers.apiRequests} requests, ${s.watchers.apiErrors} errors), missed API ${s.watchers.apiMissed} / SSE ${s.watchers.sseMissed}, streams lost ${s.watchers.sseStreamsLost}`,
    `  server CPU         ${s.server.cpuSeconds} s over ${s.windowSeconds} s = ${s.server.cpuCores} cores`,
    `  server memory      peak ${s.server.peakMemoryMiB} MiB (VmHWM), ${s.server.memoryAtEndMiB} MiB at the end`,
    `  PostgreSQL CPU     ${s.server.postgresCpuSeconds} s = ${s.server.postgresCpuCores} cores (backends of the bench database)`,
    ...(s.server.brokerCpuCores === null ? [] : [`  Mosquitto CPU      ${s.server.brokerCpuCores} cores`]),
    `  bench process      ${s.bench.cpuCores} cores, event-loop delay p99 ${s.bench.eventLoopDelayP99Ms} ms`,
    `  whole machine      ${s.machineBusyCores} of ${s.machineCores} cores busy during the window, ${s.otherBusyCores} of them by other processes`,
    line,
  ].join('\n')
}

export async function writeResult(summary: BenchSummary): Promise<string> {
  const dir = path.join(repoRoot, 'bench', 'results')
  await mkdir(dir, { recursive: true })
  const file = path.join(dir, `ingest-${summary.date.replace(/[:.]/g, '-')}.json`)
  await writeFile(file, `${JSON.stringify(summary, null, 2)}\n`)
  return file
}
