import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import {
  DEVICE_LINK,
  deviceClientId,
  encodeDeviceMessage,
  type TelemetryMessage,
  topicFor,
} from '@teplo/domain'
import mqtt, { type MqttClient } from 'mqtt'
import { SMTPServer } from 'smtp-server'
import { BenchDatabase, type BenchDevice } from './bench-database.ts'
import { loadAverage, machineDescription } from './proc-stats.ts'
import { freePort, ServerProcess } from './server-process.ts'
import { signIn } from './sign-in.ts'
import { SseClient } from './sse-client.ts'
import { distribution, round } from './stats.ts'

// Alarms end to end (ADR 023): a controller error published → the in-app notification on an SSE client and → the
// e-mail handed to an SMTP server; silence → the offline alarm; a fleet with 1 % of its devices in fault (their
// temperature flapping around the overheat threshold) → how many alarms, notifications and e-mails (no storm).

const USAGE = `Usage: npm run bench:alarms -- [options]

  --devices N        fleet size (default 10000)
  --samples S        error events timed one after another (default 30)
  --duration D       seconds the fleet publishes, every 10 s a device (default 60)
  --silent M         devices that go silent for the offline timing (default 3; takes their 1-minute threshold + up to 15 s)
  --database-url U   PostgreSQL server for the bench database (default postgres://postgres@127.0.0.1:5432)
`

const say = (line: string) => process.stderr.write(`[bench] ${line}\n`)
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function options() {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      devices: { type: 'string' },
      samples: { type: 'string' },
      duration: { type: 'string' },
      silent: { type: 'string' },
      'database-url': { type: 'string' },
      help: { type: 'boolean' },
    },
  })
  if (values.help) {
    console.log(USAGE)
    process.exit(0)
  }
  const n = (v: string | undefined, d: number) => (v === undefined ? d : Math.max(1, Math.floor(Number(v))))
  return {
    devices: n(values.devices, 10_000),
    samples: n(values.samples, 30),
    duration: n(values.duration, 60),
    silent: n(values.silent, 3),
    databaseUrl: values['database-url'] ?? 'postgres://postgres@127.0.0.1:5432',
  }
}

/** One controller: connects, publishes when told. */
async function connect(url: string, device: BenchDevice): Promise<MqttClient> {
  const client = mqtt.connect(url, {
    clientId: deviceClientId(device.serial),
    username: device.serial,
    password: device.password,
    clean: true,
    keepalive: DEVICE_LINK.keepaliveSeconds,
    reconnectPeriod: 2000,
    connectTimeout: 60_000,
  })
  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve())
    client.once('error', reject)
  })
  return client
}

function reading(seq: number, heater: number): TelemetryMessage {
  return {
    boot_id: 'bench',
    seq,
    ts: new Date().toISOString(),
    heater_temp: heater,
    boiler_temp: 47,
    gas_temp: 160,
    burner_power: 30,
    flame_brightness: 70,
    work_mode: 6,
    pump_mode: 1,
    burner_on: true,
    settings_version: 0,
  }
}

async function main() {
  const o = options()
  const loadBefore = loadAverage()
  const cleanups: (() => Promise<unknown>)[] = []
  try {
    // SMTP: a real server in this process; each message's arrival time by its alarm (Message-ID
    // <alarm-{id}-user-{id}@teplo>; the body is encoded).
    const mailedAlarms = new Map<number, number>()
    let mails = 0
    const smtpPort = await freePort()
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, _session, done) {
        let raw = ''
        stream.on('data', (chunk: Buffer) => {
          raw += chunk.toString('utf8')
        })
        stream.on('end', () => {
          mails++
          const alarmId = Number(/<alarm-(\d+)-user-/.exec(raw)?.[1] ?? 0)
          if (alarmId && !mailedAlarms.has(alarmId)) mailedAlarms.set(alarmId, Date.now())
          done()
        })
      },
    })
    await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve))
    cleanups.push(() => new Promise<void>((resolve) => smtp.close(() => resolve())))

    const database = new BenchDatabase(o.databaseUrl)
    await database.create()
    cleanups.push(() => database.drop())
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'teplo-bench-alarms-'))
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }))
    const mqttPort = await freePort()
    const server = new ServerProcess({
      databaseUrl: database.url,
      dataDir,
      port: await freePort(),
      mqtt: { port: mqttPort },
      env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, NOTIFY_RETRY_SECONDS: '1' },
    })
    cleanups.push(() => server.stop())
    await server.start()
    const brokerUrl = `mqtt://127.0.0.1:${mqttPort}`
    const devices = await database.provision(o.devices)
    const token = await signIn(server.baseUrl)
    say(`${devices.length} devices provisioned; connecting`)

    const clients: MqttClient[] = []
    cleanups.push(() => Promise.all(clients.map((c) => c.endAsync(true))))
    for (let i = 0; i < devices.length; i += 250) {
      clients.push(...(await Promise.all(devices.slice(i, i + 250).map((d) => connect(brokerUrl, d)))))
    }
    const seq = new Map<string, number>()
    const publishReading = (index: number, heater: number) => {
      const device = devices[index]!
      const next = (seq.get(device.serial) ?? 0) + 1
      seq.set(device.serial, next)
      return clients[index]!.publishAsync(
        topicFor(device.serial, 'telemetry'),
        encodeDeviceMessage('telemetry', reading(next, heater)),
        { qos: 1 },
      )
    }
    // Every device says it is there once (the online state the alarms judge against).
    for (let i = 0; i < devices.length; i += 500) {
      await Promise.all(devices.slice(i, i + 500).map((_d, j) => publishReading(i + j, 60)))
    }
    await sleep(3000)

    // The account's live stream (every bench device is the demo admin's).
    const notified = new Map<string, number>()
    let notices = 0
    const sse = new SseClient(`${server.baseUrl}/api/v2/live`, token, (event) => {
      if (event.event !== 'notifications') return
      notices++
      const document = JSON.parse(event.data) as {
        data: { attributes: { device_name: string; kind: string } }[]
      }
      for (const n of document.data) {
        const serial = /Bench (\d+)/.exec(n.attributes.device_name)?.[1]
        const key = `${serial}:${n.attributes.kind}`
        if (serial && !notified.has(key)) notified.set(key, Date.now())
      }
    })
    await sse.open()
    cleanups.push(async () => sse.close())
    await sleep(500)

    // 1–2. Error events, one device at a time (each a new episode), timed to the SSE client and to SMTP.
    const samples = Math.min(o.samples, devices.length)
    const published = new Map<string, number>()
    for (let s = 0; s < samples; s++) {
      const device = devices[s]!
      published.set(device.serial, Date.now())
      await clients[s]!.publishAsync(
        topicFor(device.serial, 'events/error'),
        encodeDeviceMessage('events/error', {
          event_id: `bench-${s}`,
          code: 'E2',
          ts: new Date().toISOString(),
          mode_status: 1,
          heater_temp: 60,
          boiler_temp: 45,
          gas_temp: 120,
          burner_power: 0,
          work_mode: 1,
        }),
        { qos: 1 },
      )
      await sleep(300)
    }
    const deadline = Date.now() + 30_000
    while (Date.now() < deadline && (mailedAlarms.size < samples || notified.size < samples)) await sleep(200)
    const { rows: alarmRows } = await database.db.query<{ id: number; item_id: number }>(
      `select id, item_id from alarms where kind = 'device_error'`,
    )
    const serialOfItem = new Map(devices.map((d) => [d.itemId, d.serial]))
    const mailed = new Map<string, number>()
    for (const row of alarmRows) {
      const at = mailedAlarms.get(row.id)
      const serial = serialOfItem.get(row.item_id)
      if (at && serial) mailed.set(serial, at)
    }
    const toSse: number[] = []
    const toSmtp: number[] = []
    for (const [serial, at] of published) {
      const seen = notified.get(`${serial}:device_error`)
      if (seen) toSse.push(seen - at)
      const mailedAt = mailed.get(serial)
      if (mailedAt) toSmtp.push(mailedAt - at)
    }

    // 3. Silence: a few devices get a 1-minute threshold and stop; the offline alarm's delay past it.
    const silent = devices.slice(samples, samples + o.silent)
    for (const device of silent) {
      await fetch(`${server.baseUrl}/api/v2/items/${device.itemId}/alarm-settings`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ offline_minutes: 1 }),
      })
    }
    const silentFrom = new Map<string, number>()
    for (const [k, device] of silent.entries()) {
      await publishReading(samples + k, 60)
      silentFrom.set(device.serial, Date.now())
    }

    // 4. The fleet: every device a reading every 10 s; 1 % flap around the overheat threshold meanwhile.
    const faulty = new Set<number>()
    const silentIndexes = new Set(silent.map((d) => d.index))
    for (
      let i = samples + o.silent;
      faulty.size < Math.max(1, Math.round(devices.length / 100)) && i < devices.length;
      i++
    )
      faulty.add(i)
    const mailsBefore = mails
    const noticesBefore = notices
    const fleetStart = Date.now()
    let sent = 0
    const tickMs = 10_000
    const round10 = Math.max(1, Math.ceil(o.duration / 10))
    for (let r = 0; r < round10; r++) {
      const started = Date.now()
      const jobs: Promise<unknown>[] = []
      for (let i = 0; i < devices.length; i++) {
        if (silentIndexes.has(i)) continue
        const heater = faulty.has(i) ? (r % 2 === 0 ? 91 + (i % 3) : 88.5) : 60 + (i % 10)
        jobs.push(publishReading(i, heater))
        sent++
        if (jobs.length >= 500) await Promise.all(jobs.splice(0))
      }
      await Promise.all(jobs)
      await sleep(Math.max(0, tickMs - (Date.now() - started)))
    }
    await sleep(5000)

    // The silence alarms arrive within threshold + check period; wait for them if the fleet ran shorter.
    const silenceDeadline = Date.now() + 120_000
    while (Date.now() < silenceDeadline && silent.some((d) => !notified.has(`${d.serial}:offline`)))
      await sleep(500)
    const offlineAfter: number[] = []
    for (const device of silent) {
      const at = notified.get(`${device.serial}:offline`)
      if (at) offlineAfter.push(at - silentFrom.get(device.serial)! - 60_000)
    }

    const counts = await database.db.query<{ kind: string; n: string }>(
      `select kind, count(*) as n from alarms group by kind order by kind`,
    )
    const outbox = await database.db.query<{ channel: string; state: string; n: string }>(
      `select channel, state, count(*) as n from notification_outbox group by channel, state order by 1, 2`,
    )
    const result = {
      machine: machineDescription(),
      loadBefore,
      loadAfter: loadAverage(),
      devices: devices.length,
      errorToSseMs: distribution(toSse),
      errorToSmtpMs: distribution(toSmtp),
      silenceBeyondThresholdMs: distribution(offlineAfter),
      fleet: {
        seconds: round((Date.now() - fleetStart) / 1000),
        readingsSent: sent,
        inFault: faulty.size,
        notificationsEvents: notices - noticesBefore,
        mailsDuringFleet: mails - mailsBefore,
      },
      alarms: Object.fromEntries(counts.rows.map((r) => [r.kind, Number(r.n)])),
      outbox: outbox.rows.map((r) => `${r.channel} ${r.state}: ${r.n}`),
      mailsTotal: mails,
      serverWarnings: server.log
        .split('\n')
        .filter((l) => l.trim() !== '')
        .slice(-5),
    }
    console.log(JSON.stringify(result, null, 2))
  } finally {
    for (const cleanup of cleanups.reverse())
      await cleanup().catch((err: unknown) => say(`cleanup: ${String(err)}`))
  }
}

main().catch((err: unknown) => {
  console.error(err)
  process.exit(1)
})
