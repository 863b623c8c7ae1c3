import { monitorEventLoopDelay, performance } from 'node:perf_hooks'
import { cpuSeconds, machineCpu, ProcessGroupCpu } from './proc-stats.ts'
import { round } from './stats.ts'

export type Usage = {
  seconds: number
  /** Cores busy on average over the window (1 = one core all the time). */
  serverCores: number
  serverCpuSeconds: number
  postgresCores: number
  postgresCpuSeconds: number
  brokerCores: number | null
  benchCores: number
  benchLoopDelayP99Ms: number
  machineBusyCores: number
  otherBusyCores: number
}

/** CPU use of the server, its PostgreSQL backends, a local broker, the bench and the machine over a window. */
export class UsageWindow {
  private readonly postgres: ProcessGroupCpu
  private readonly broker: ProcessGroupCpu | null
  private readonly loopDelay = monitorEventLoopDelay({ resolution: 10 })
  private start = { at: 0, server: 0, bench: process.cpuUsage(), machine: machineCpu() }

  constructor(
    private readonly serverPid: number,
    backendPids: () => Promise<number[]>,
    brokerPids: (() => number[]) | null,
  ) {
    this.postgres = new ProcessGroupCpu(backendPids)
    this.broker = brokerPids ? new ProcessGroupCpu(async () => brokerPids()) : null
  }

  async open(): Promise<void> {
    await Promise.all([this.postgres.start(), this.broker?.start()])
    this.loopDelay.enable()
    this.start = {
      at: performance.now(),
      server: cpuSeconds(this.serverPid),
      bench: process.cpuUsage(),
      machine: machineCpu(),
    }
  }

  /** Every second or so: PostgreSQL backends come and go with the server's pool. */
  sample(): void {
    void this.postgres.sample()
  }

  async close(): Promise<Usage> {
    const seconds = (performance.now() - this.start.at) / 1000
    const bench = process.cpuUsage(this.start.bench)
    const server = cpuSeconds(this.serverPid) - this.start.server
    const machine = machineCpu()
    await Promise.all([this.postgres.sample(), this.broker?.sample()])
    this.loopDelay.disable()
    const cores = (cpu: number) => round(cpu / seconds, 2)
    const benchCores = cores((bench.user + bench.system) / 1e6)
    const machineBusyCores = cores(machine.busy - this.start.machine.busy)
    const brokerCores = this.broker ? cores(this.broker.used) : null
    return {
      seconds: round(seconds, 2),
      serverCores: cores(server),
      serverCpuSeconds: round(server, 2),
      postgresCores: cores(this.postgres.used),
      postgresCpuSeconds: round(this.postgres.used, 2),
      brokerCores,
      benchCores,
      benchLoopDelayP99Ms: round(this.loopDelay.percentile(99) / 1e6),
      machineBusyCores,
      otherBusyCores: round(
        Math.max(
          0,
          machineBusyCores - cores(server) - cores(this.postgres.used) - (brokerCores ?? 0) - benchCores,
        ),
        2,
      ),
    }
  }
}
