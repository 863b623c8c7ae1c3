import { performance } from 'node:perf_hooks'
import type { DeviceFleet } from './device-fleet.ts'
import { cpuSeconds } from './proc-stats.ts'
import { round } from './stats.ts'

const REPORT_EVERY = 2000

/**
 * Connects the fleet and prints the connect rate and the server's CPU every 2,000 devices: a rate that falls
 * as connections grow points at per-connection work that grows with the fleet.
 */
export async function connectFleet(
  fleet: DeviceFleet,
  batch: number,
  serverPid: number,
  say: (line: string) => void,
): Promise<{ seconds: number; serverCpuSeconds: number }> {
  const started = { at: performance.now(), cpu: cpuSeconds(serverPid) }
  let last = { done: 0, ...started }
  await fleet.connect(batch, (done) => {
    if (done - last.done < REPORT_EVERY && done !== fleet.size) return
    const now = { done, at: performance.now(), cpu: cpuSeconds(serverPid) }
    const rate = Math.round((now.done - last.done) / ((now.at - last.at) / 1000))
    say(
      `  ${done} connected after ${round((now.at - started.at) / 1000)} s ` +
        `(${rate}/s lately, server CPU ${round(now.cpu - last.cpu)} s)`,
    )
    last = now
  })
  return {
    seconds: (performance.now() - started.at) / 1000,
    serverCpuSeconds: cpuSeconds(serverPid) - started.cpu,
  }
}
