// npm run bench:memory — resident memory of the server idle after `npm start` (embedded database, demo boilers
// on): the first start (which generates the demo boilers' history) and a second start on the same data
// directory. See bench/README.md.
import { readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { loadAverage, machineDescription } from './proc-stats.ts'
import { freePort, ServerProcess } from './server-process.ts'

const { values } = parseArgs({
  options: {
    settle: { type: 'string', default: '30' },
    'server-root': { type: 'string' },
    // More environment for the server, NAME=value (repeatable): what a setting costs or saves.
    env: { type: 'string', multiple: true, default: [] },
    help: { type: 'boolean', default: false },
  },
})
if (values.help) {
  process.stdout.write(
    'npm run bench:memory -- [--settle S] [--server-root <another checkout>] [--env NAME=value ...]\n',
  )
  process.exit(0)
}
const settleMs = Number(values.settle) * 1000
const extraEnv = Object.fromEntries(
  values.env.map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
)
const say = (line: string) => process.stderr.write(`[bench:memory] ${line}\n`)

/** VmRSS and VmHWM of a process, MiB. */
function memory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kib = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0)
  return { rss: Math.round(kib('VmRSS') / 1024), peak: Math.round(kib('VmHWM') / 1024) }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function idleRun(dataDir: string, first: boolean) {
  const server = new ServerProcess({
    databaseUrl: '',
    dataDir,
    port: await freePort(),
    mqtt: { port: await freePort() },
    ...(values['server-root'] ? { root: path.resolve(values['server-root']) } : {}),
    // As `npm start` runs it, with the demo boilers and their generated history; info shows when that is done.
    env: { DEMO_DEVICES: 'true', LOG_LEVEL: 'info', ...extraEnv },
  })
  const started = Date.now()
  await server.start(600_000)
  try {
    if (first && extraEnv.DEMO_HISTORY_DAYS !== '0') {
      while (!server.log.includes('Demo history:')) {
        if (Date.now() - started > 600_000) throw new Error('the demo history was not written within 10 min')
        await sleep(1000)
      }
      say(`demo history written ${Math.round((Date.now() - started) / 1000)} s after start`)
    }
    await sleep(settleMs)
    const samples: number[] = []
    for (let i = 0; i < 5; i++) {
      samples.push(memory(server.pid).rss)
      await sleep(1000)
    }
    return { rss: Math.max(...samples), peak: memory(server.pid).peak }
  } finally {
    await server.stop()
  }
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'teplo-bench-memory-'))
try {
  const loadBefore = loadAverage()
  const first = await idleRun(dataDir, true)
  say(`first start: idle ${first.rss} MiB, peak ${first.peak} MiB`)
  const second = await idleRun(dataDir, false)
  say(`second start: idle ${second.rss} MiB, peak ${second.peak} MiB`)
  process.stdout.write(
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        machine: machineDescription(),
        server: values['server-root'] ?? 'this checkout',
        env: extraEnv,
        settle_s: settleMs / 1000,
        load_average: `${loadBefore} → ${loadAverage()}`,
        first_start_mib: first,
        second_start_mib: second,
      },
      null,
      2,
    )}\n`,
  )
} finally {
  await rm(dataDir, { recursive: true, force: true })
}
