import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import os from 'node:os'

const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100
  } catch {
    return 100
  }
})()

/** user + system CPU seconds of one process so far (0 once it is gone). */
export function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // Fields after the command name, which may hold spaces, start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS
  } catch {
    return 0
  }
}

/**
 * CPU of a changing set of processes (PostgreSQL backends come and go with the server's pool): each pid's
 * last reading is kept after it exits, so the total only loses what a process spent after its last sample.
 */
export class ProcessGroupCpu {
  private readonly last = new Map<number, number>()
  private readonly baseline = new Map<number, number>()

  constructor(private readonly listPids: () => Promise<number[]>) {}

  async start(): Promise<void> {
    await this.sample()
    for (const [pid, seconds] of this.last) this.baseline.set(pid, seconds)
  }

  async sample(): Promise<void> {
    for (const pid of await this.listPids()) if (!this.last.has(pid)) this.last.set(pid, 0)
    for (const pid of this.last.keys()) {
      const seconds = cpuSeconds(pid)
      if (seconds > (this.last.get(pid) ?? 0)) this.last.set(pid, seconds)
    }
  }

  /** CPU seconds since start(). */
  get used(): number {
    let total = 0
    for (const [pid, seconds] of this.last) total += seconds - (this.baseline.get(pid) ?? 0)
    return total
  }
}

/** Local processes whose command name is exactly `name` (the external broker, when it runs here). */
export function pidsNamed(name: string): number[] {
  const pids: number[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === name) pids.push(Number(entry))
    } catch {
      // The process ended meanwhile.
    }
  }
  return pids
}

/** VmHWM (peak resident memory) and VmRSS of a process, in MiB. */
export function memoryMiB(pid: number): { peak: number; current: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const field = (name: string) =>
    Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) / 1024
  return { peak: field('VmHWM'), current: field('VmRSS') }
}

/** Busy and total CPU seconds of the whole machine so far (all cores), from /proc/stat. */
export function machineCpu(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? ''
  const ticks = line.trim().split(/\s+/).slice(1).map(Number)
  const total = ticks.reduce((a, b) => a + b, 0)
  // idle + iowait
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0)
  return { busy: (total - idle) / CLOCK_TICKS, total: total / CLOCK_TICKS }
}

export function loadAverage(): string {
  return os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')
}

export function machineDescription(): string {
  const cpus = os.cpus()
  return `${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM, Node ${process.version}`
}
