import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { BenchDatabase, type BenchDevice } from './bench-database.ts'
import { connectFleet } from './connect-phase.ts'
import { clearRetainedStatus, DeviceFleet } from './device-fleet.ts'
import { account, fill, heavyRound, heavyUrls, itemIds, meLoop, signIn as signInAs } from './heavy-load.ts'
import { LatencyWatchers } from './latency-watchers.ts'
import { type BenchOptions, readOptions, USAGE } from './options.ts'
import { loadAverage, machineDescription, memoryMiB, pidsNamed } from './proc-stats.ts'
import { type BenchSummary, summaryTable, writeResult } from './report.ts'
import { freePort, ServerProcess } from './server-process.ts'
import { signIn } from './sign-in.ts'
import { distribution, round } from './stats.ts'
import { waitForStored } from './stored-counter.ts'
import { UsageWindow } from './usage-window.ts'

const say = (line: string) => process.stderr.write(`[bench] ${line}\n`)
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Devices spread over the fleet (and so over the publishing interval) whose latency is timed. */
function pickWatched(devices: BenchDevice[], count: number): BenchDevice[] {
  return Array.from({ length: count }, (_, j) => devices[Math.floor((j * devices.length) / count)]!)
}

function warnings(log: string): string[] {
  return log
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(-20)
}

/**
 * Two years of hourly rollups for the demo user's boilers, and the rounds of issue 29 to run beside the fleet:
 * that account's 8 heavy reads at once, round after round, and another account's GET /me timed meanwhile.
 */
async function prepareHeavyReads(database: BenchDatabase, baseUrl: string) {
  say(
    await fill(async (statement, params) => {
      const result = await database.db.query(statement, params)
      return { affectedRows: result.rowCount ?? 0 }
    }, 730),
  )
  const [user, other] = [account('user'), account('creator')]
  const heavyToken = await signInAs(baseUrl, user.email, user.password)
  const meToken = await signInAs(baseUrl, other.email, other.password)
  const urls = heavyUrls(baseUrl, await itemIds(baseUrl, heavyToken), 730)
  return {
    start() {
      let done = false
      const statuses: Record<string, number> = {}
      const times: number[] = []
      let rounds = 0
      // Heavy reads answered 200 in each second of the window: when the reads were costly, beside the ingest's
      // own series.
      const perSecond: number[] = []
      let counted = 0
      const ticker = setInterval(() => {
        perSecond.push(times.length - counted)
        counted = times.length
      }, 1000)
      const reads = (async () => {
        while (!done) {
          await heavyRound(urls, heavyToken, statuses, times)
          rounds++
        }
      })()
      const me = meLoop(baseUrl, meToken, () => done)
      return {
        async stop() {
          done = true
          clearInterval(ticker)
          const [meMs] = await Promise.all([me, reads])
          return { rounds, statuses, heavy: distribution(times), me: distribution(meMs), perSecond }
        },
      }
    },
  }
}

async function run(options: BenchOptions, command: string, cleanups: (() => Promise<unknown>)[]) {
  const loadBefore = loadAverage()
  const database = new BenchDatabase(options.databaseUrl)
  await database.create()
  cleanups.push(() => database.drop())
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'teplo-bench-'))
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }))
  let provisioned: BenchDevice[] = []
  // Runs after the server has stopped, so it does not ingest the clearing messages.
  if (options.broker === 'mosquitto')
    cleanups.push(() => clearRetainedStatus(options.mosquittoUrl, provisioned))
  const mqttPort = await freePort()
  const brokerUrl = options.broker === 'embedded' ? `mqtt://127.0.0.1:${mqttPort}` : options.mosquittoUrl
  const server = new ServerProcess({
    databaseUrl: database.url,
    dataDir,
    port: await freePort(),
    ...(options.serverRoot ? { root: options.serverRoot } : {}),
    ...(options.profileDir
      ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${path.resolve(options.profileDir)}`] }
      : {}),
    mqtt:
      options.broker === 'embedded'
        ? { port: mqttPort }
        : { url: options.mosquittoUrl, shareGroup: `bench${randomBytes(4).toString('hex')}` },
  })
  say(`database ${database.name}; starting the server (${options.broker} broker ${brokerUrl})`)
  cleanups.push(() => server.stop())
  await server.start()

  const devices = await database.provision(options.devices)
  provisioned = devices
  const firstItem = devices[0]!.itemId
  const lastItem = devices[devices.length - 1]!.itemId
  const token = await signIn(server.baseUrl)
  say(`${devices.length} devices provisioned (items ${firstItem}…${lastItem}); connecting`)

  const heavy = options.heavyReads ? await prepareHeavyReads(database, server.baseUrl) : null

  const fleet = new DeviceFleet(brokerUrl, devices)
  cleanups.push(() => fleet.close())
  const connected = await connectFleet(fleet, options.connectBatch, server.pid, say)
  // Let the 'online' messages of the connect phase be written before measuring.
  await sleep(2000)
  if (options.warmUpSeconds > 0) {
    say(`warming up: publishing for ${options.warmUpSeconds} s before the measured window`)
    const expected = await database.storedReadings(firstItem, lastItem)
    await fleet.run(options.intervalSeconds * 1000, options.warmUpSeconds * 1000, () => {}, new Set())
    await waitForStored(
      () => database.storedReadings(firstItem, lastItem),
      expected + fleet.counts.sent,
      options.drainStallSeconds * 1000,
    )
    fleet.resetPublishCounts()
  }

  const watched = pickWatched(devices, options.watchers)
  const watchers = new LatencyWatchers(server.baseUrl, token, watched, options.pollMs)
  await watchers.openStreams()

  const usage = new UsageWindow(
    server.pid,
    () => database.backendPids(),
    options.broker === 'mosquitto' ? () => pidsNamed('mosquitto') : null,
  )
  const storedBefore = await database.storedReadings(firstItem, lastItem)
  const perSecond: number[] = []
  let lastCount = storedBefore
  const sampler = setInterval(() => {
    void database.storedReadings(firstItem, lastItem).then((n) => {
      perSecond.push(n - lastCount)
      lastCount = n
    })
    usage.sample()
  }, 1000)
  await usage.open()
  say(
    `publishing for ${options.durationSeconds} s (${round(options.devices / options.intervalSeconds)} msg/s)`,
  )
  const heavyRun = heavy?.start()
  await fleet.run(
    options.intervalSeconds * 1000,
    options.durationSeconds * 1000,
    (mark) => watchers.published(mark),
    new Set(watched.map((d) => d.index)),
  )
  const heavyReads = await heavyRun?.stop()
  const used = await usage.close()
  clearInterval(sampler)
  const storedAtEnd = await database.storedReadings(firstItem, lastItem)
  const backlogAtEnd = storedBefore + fleet.counts.sent - storedAtEnd
  say(`published ${fleet.counts.sent}; ${backlogAtEnd} not stored yet; waiting for the backlog to drain`)
  const drain = await waitForStored(
    () => database.storedReadings(firstItem, lastItem),
    storedBefore + fleet.counts.sent,
    options.drainStallSeconds * 1000,
  )
  await watchers.finish()
  const memory = memoryMiB(server.pid)
  const loadAfter = loadAverage()

  const steady = perSecond.slice(1).sort((a, b) => a - b)
  const c = fleet.counts
  const summary: BenchSummary = {
    ...(heavyReads ? { heavyReads } : {}),
    date: new Date().toISOString(),
    command,
    machine: machineDescription(),
    loadBefore,
    loadAfter,
    options,
    brokerUrl,
    connect: {
      devices: devices.length,
      connected: c.connected,
      failed: c.connectFailed,
      seconds: round(connected.seconds),
      perSecond: Math.round(c.connected / connected.seconds),
      serverCpuSeconds: round(connected.serverCpuSeconds),
    },
    messages: {
      offeredPerSecond: round(c.sent / used.seconds),
      sent: c.sent,
      acked: c.acked,
      stored: drain.stored - storedBefore,
      lost: c.sent - (drain.stored - storedBefore),
      skipped: c.skipped,
      publishErrors: c.publishErrors,
      droppedConnections: c.dropped,
      reconnected: c.reconnected,
      ingestedPerSecond: round((storedAtEnd - storedBefore) / used.seconds),
      perSecondMin: steady[0] ?? 0,
      perSecondMedian: steady[Math.floor(steady.length / 2)] ?? 0,
      perSecondSeries: perSecond,
      drainSeconds: round(drain.seconds, 2),
      backlogAtLastPublish: backlogAtEnd,
      drainedPerSecond: drain.seconds > 0 ? round((drain.stored - storedAtEnd) / drain.seconds) : 0,
    },
    latencyMs: {
      publishToAck: distribution(fleet.ackMs),
      publishToApi: distribution(watchers.results.apiMs),
      publishToSse: distribution(watchers.results.sseMs),
    },
    watchers: {
      devices: watched.length,
      pollMs: options.pollMs,
      apiMissed: watchers.results.apiMissed,
      sseMissed: watchers.results.sseMissed,
      apiRequests: watchers.results.apiRequests,
      apiErrors: watchers.results.apiErrors,
      sseEvents: watchers.results.sseEvents,
      sseStreamsLost: watchers.results.sseStreamsLost,
    },
    server: {
      cpuSeconds: used.serverCpuSeconds,
      cpuCores: used.serverCores,
      peakMemoryMiB: round(memory.peak),
      memoryAtEndMiB: round(memory.current),
      postgresCpuSeconds: used.postgresCpuSeconds,
      postgresCpuCores: used.postgresCores,
      brokerCpuCores: used.brokerCores,
    },
    bench: { cpuCores: used.benchCores, eventLoopDelayP99Ms: used.benchLoopDelayP99Ms },
    machineBusyCores: used.machineBusyCores,
    machineCores: os.cpus().length,
    otherBusyCores: used.otherBusyCores,
    windowSeconds: used.seconds,
    serverWarnings: warnings(server.log),
  }
  return summary
}

async function main() {
  const argv = process.argv.slice(2)
  let options: BenchOptions | null
  try {
    options = readOptions(argv)
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n\n${USAGE}`)
    process.exit(2)
  }
  if (!options) {
    process.stdout.write(USAGE)
    return
  }
  const command = `npm run bench:ingest${argv.length > 0 ? ` -- ${argv.join(' ')}` : ''}`
  const cleanups: (() => Promise<unknown>)[] = []
  let cleaning: Promise<void> | null = null
  const cleanUp = () => {
    cleaning ??= (async () => {
      for (const cleanup of cleanups.reverse()) {
        await cleanup().catch((err: unknown) => say(`clean-up: ${(err as Error).message}`))
      }
    })()
    return cleaning
  }
  process.once('SIGINT', () => {
    say('interrupted; cleaning up')
    void cleanUp().then(() => process.exit(130))
  })
  try {
    const summary = await run(options, command, cleanups)
    await cleanUp()
    process.stdout.write(`${summaryTable(summary)}\n`)
    if (summary.serverWarnings.length > 0) {
      process.stdout.write(`server warnings (last ${summary.serverWarnings.length} lines):\n`)
      process.stdout.write(`${summary.serverWarnings.map((l) => `  ${l.slice(0, 300)}`).join('\n')}\n`)
    }
    say(`written to ${await writeResult(summary)}`)
  } finally {
    await cleanUp()
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err)
    process.exit(1)
  },
)
