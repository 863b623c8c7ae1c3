import { randomBytes } from 'node:crypto'
import { performance } from 'node:perf_hooks'
import {
  DEVICE_LINK,
  deviceClientId,
  encodeDeviceMessage,
  type StatusMessage,
  type TelemetryMessage,
  topicFor,
} from '@teplo/domain'
import mqtt, { type MqttClient } from 'mqtt'
import type { BenchDevice } from './bench-database.ts'

/** What the watchers need to know about a telemetry message of a watched device. */
export type PublishedMark = { device: BenchDevice; marker: number; at: number }

type Connection = { device: BenchDevice; client: MqttClient; bootId: string; seq: number }

export type FleetCounts = {
  connected: number
  connectFailed: number
  /** Telemetry messages handed to a connected client. */
  sent: number
  /** Telemetry messages the broker acknowledged (PUBACK). */
  acked: number
  publishErrors: number
  /** Scheduled messages not sent because the device was not connected. */
  skipped: number
  /** Connections that dropped during the run, and made again. */
  dropped: number
  reconnected: number
}

/** gas_temp of a watched device's message encodes its sequence number, so an API read tells which one it is. */
export const markerOf = (seq: number) => 100 + (seq % 1000)

function telemetry(connection: Connection, ts: string): TelemetryMessage {
  const { index } = connection.device
  const seq = connection.seq++
  return {
    boot_id: connection.bootId,
    seq,
    ts,
    heater_temp: 55 + (index % 20) + (seq % 10) / 10,
    boiler_temp: 45 + (index % 10),
    gas_temp: markerOf(seq),
    burner_power: 20 + (index % 50),
    flame_brightness: 60 + (seq % 30),
    work_mode: 6,
    pump_mode: 1,
    burner_on: true,
    settings_version: 0,
  }
}

/**
 * Light controllers for load: one plain mqtt.js client per device with its own serial and secret, the
 * protocol's client id, keepalive and last will, an 'online' status and the settings subscription, then a
 * telemetry message every interval whose ts is the moment it is published. No boiler model, so that the bench
 * process spends its CPU on the link, not on physics.
 */
export class DeviceFleet {
  readonly counts: FleetCounts = {
    connected: 0,
    connectFailed: 0,
    sent: 0,
    acked: 0,
    publishErrors: 0,
    skipped: 0,
    dropped: 0,
    reconnected: 0,
  }
  /** Publish → PUBACK, ms. */
  readonly ackMs: number[] = []
  private readonly connections: (Connection | null)[] = []
  private closing = false

  constructor(
    private readonly url: string,
    private readonly devices: BenchDevice[],
  ) {}

  get size(): number {
    return this.devices.length
  }

  /** Connects every device, `batch` CONNECTs at a time; resolves when every one is answered. */
  async connect(batch: number, onProgress?: (done: number) => void): Promise<void> {
    for (let start = 0; start < this.devices.length; start += batch) {
      const chunk = this.devices.slice(start, start + batch)
      await Promise.all(chunk.map((device) => this.connectOne(device)))
      onProgress?.(Math.min(start + batch, this.devices.length))
    }
  }

  private connectOne(device: BenchDevice): Promise<void> {
    const statusTopic = topicFor(device.serial, 'status')
    const bootId = randomBytes(4).toString('hex')
    const status = (state: StatusMessage['state']) =>
      encodeDeviceMessage('status', { state, ts: new Date().toISOString(), boot_id: bootId })
    const client = mqtt.connect(this.url, {
      clientId: deviceClientId(device.serial),
      username: device.serial,
      password: device.password,
      protocolVersion: 4,
      // No persistent session: nothing is left behind on a shared broker after the run.
      clean: true,
      keepalive: DEVICE_LINK.keepaliveSeconds,
      // As a controller does: a dropped connection (a starved machine misses keepalives) is made again, and
      // the messages not yet acknowledged are sent again on it, so sent = stored holds across a drop.
      reconnectPeriod: 2000,
      connectTimeout: 60_000,
      will: { topic: statusTopic, payload: Buffer.from(status('offline')), qos: 1, retain: true },
    })
    return new Promise((resolve) => {
      let settled = false
      const fail = () => {
        if (settled) return
        settled = true
        this.counts.connectFailed++
        client.end(true)
        resolve()
      }
      client.once('error', fail)
      client.once('close', fail)
      client.once('connect', () => {
        settled = true
        client.off('error', fail)
        client.off('close', fail)
        this.counts.connected++
        const connection = { device, client, bootId, seq: 0 }
        this.connections[device.index] = connection
        client.on('error', () => {})
        client.on('close', () => {
          if (this.connections[device.index] === connection) this.connections[device.index] = null
          if (!this.closing) this.counts.dropped++
        })
        client.on('connect', () => {
          if (this.closing) return
          this.counts.reconnected++
          this.connections[device.index] = connection
          client.publish(statusTopic, status('online'), { qos: 1, retain: true })
        })
        client.publish(statusTopic, status('online'), { qos: 1, retain: true })
        client.subscribe(topicFor(device.serial, 'settings/desired'), { qos: 1 })
        resolve()
      })
    })
  }

  /**
   * Publishes for durationMs: device i at i/N of every interval, so the rate is even. Resolves when the last
   * scheduled message is handed over.
   */
  run(
    intervalMs: number,
    durationMs: number,
    onWatched: (mark: PublishedMark) => void,
    watched: Set<number>,
  ) {
    const n = this.devices.length
    const started = performance.now()
    let next = 0
    let cycle = 0
    return new Promise<void>((resolve) => {
      const tick = () => {
        const elapsed = performance.now() - started
        for (;;) {
          const due = cycle * intervalMs + (next * intervalMs) / n
          if (due >= durationMs) {
            clearInterval(timer)
            return resolve()
          }
          if (due > elapsed) return
          this.publish(next, watched.has(next) ? onWatched : null)
          next++
          if (next === n) {
            next = 0
            cycle++
          }
        }
      }
      const timer = setInterval(tick, 5)
      // close() ends a run early (a background ingest that outlives the measurement).
      this.stopRun = () => {
        clearInterval(timer)
        resolve()
      }
    })
  }

  private stopRun: (() => void) | null = null

  /** Forgets what a warm-up sent, so that the measured run counts only its own messages. */
  resetPublishCounts(): void {
    this.counts.sent = 0
    this.counts.acked = 0
    this.counts.publishErrors = 0
    this.counts.skipped = 0
    this.ackMs.length = 0
  }

  private publish(index: number, onWatched: ((mark: PublishedMark) => void) | null): void {
    const connection = this.connections[index]
    if (!connection) {
      this.counts.skipped++
      return
    }
    const at = performance.now()
    const message = telemetry(connection, new Date().toISOString())
    this.counts.sent++
    onWatched?.({ device: connection.device, marker: message.gas_temp as number, at })
    connection.client.publish(
      topicFor(connection.device.serial, 'telemetry'),
      encodeDeviceMessage('telemetry', message),
      { qos: 1 },
      (err) => {
        if (err) {
          this.counts.publishErrors++
          return
        }
        this.counts.acked++
        this.ackMs.push(performance.now() - at)
      },
    )
  }

  /** Clean disconnects (DISCONNECT, so the broker drops the wills). */
  async close(): Promise<void> {
    this.closing = true
    this.stopRun?.()
    const clients = this.connections.filter((c): c is Connection => c !== null).map((c) => c.client)
    for (let start = 0; start < clients.length; start += 500) {
      await Promise.all(
        clients.slice(start, start + 500).map(
          (client) =>
            new Promise<void>((resolve) => {
              const timer = setTimeout(() => client.end(true, () => resolve()), 5000)
              client.end(false, () => {
                clearTimeout(timer)
                resolve()
              })
            }),
        ),
      )
    }
  }
}

/** Removes the bench devices' retained status messages from an external broker (an empty retained payload). */
export async function clearRetainedStatus(url: string, devices: BenchDevice[]): Promise<void> {
  const client = await mqtt.connectAsync(url, { clientId: `teplo-bench-${randomBytes(4).toString('hex')}` })
  for (let start = 0; start < devices.length; start += 1000) {
    await Promise.all(
      devices
        .slice(start, start + 1000)
        .map((d) => client.publishAsync(topicFor(d.serial, 'status'), '', { qos: 1, retain: true })),
    )
  }
  await client.endAsync()
}
