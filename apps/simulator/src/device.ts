import { randomBytes } from 'node:crypto'
import { EventEmitter } from 'node:events'
import {
  CHANNEL_RULES,
  DEVICE_LINK,
  type DeviceChannel,
  type DeviceMessages,
  type DeviceSettings,
  deviceClientId,
  type ErrorCode,
  type ErrorEventMessage,
  encodeDeviceMessage,
  type OtaStatusMessage,
  parseDeviceMessage,
  type SettingsAckMessage,
  type StatusMessage,
  type TelemetryMessage,
  topicFor,
} from '@teplo/domain'
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt'
import { RECONNECT_BASE_MS, RECONNECT_MAX_MS, reconnectDelayMs } from './backoff'
import { ControllerRuntime } from './controller-runtime'
import type { Condition } from './model/conditions'
import { InstallationModel, type SimulatedInstallation, simulatedInstallation } from './model/installation'
import { outdoorTemp } from './model/outdoor'
import { type BoilerParams, paramsForSerial } from './model/params'
import type { BoilerState } from './model/state'
import { FirmwareUpdater } from './ota'
import { PoisonRule } from './poison'

export interface DeviceAgentOptions {
  url: string
  serial: string
  password: string
  /** Seconds between telemetry messages (fractions allowed). */
  intervalSeconds: number
  /** Physics time acceleration. */
  speed: number
  protocolVersion?: 4 | 5
  /** Certificate authority (PEM) to trust for an mqtts:// broker with a private certificate. */
  ca?: Buffer
  /** First wait before reconnecting (doubling per failed attempt, jittered; 0: never reconnect). Default 1 s. */
  reconnectPeriodMs?: number
  /** Longest wait between connection attempts (default 5 minutes, docs/device-protocol.md). */
  reconnectMaxMs?: number
  /** Delay before the first telemetry, to spread many devices over the interval. */
  firstTelemetryDelayMs?: number
  params?: BoilerParams
  settings?: DeviceSettings
  /** Where the boiler model starts (default: cold, see initialState). */
  state?: BoilerState
  /** The firmware the controller runs at start (a demo boiler resumes with the version it last reported). */
  firmwareVersion?: string
  /** The settings revision it knows (default: the current one; an older one acts as a fielded controller). */
  settingsRevision?: number
  /**
   * Heating circuits of its installation (0…3, default 0): with any, it announces the installation on
   * `capabilities` at every connection (ADR 063); with none it is a single-boiler controller that announces nothing.
   */
  circuits?: number
  log?: (line: string) => void
  now?: () => number
  /** HTTP client for firmware downloads (default: the global fetch). */
  fetch?: typeof fetch
}

/** A connection that lasted this long was a working one: the next wait starts from the first step again. */
const STABLE_CONNECTION_MS = 30_000

interface DeviceAgentEvents {
  connect: []
  telemetry: [TelemetryMessage]
  ack: [SettingsAckMessage]
  'error-event': [ErrorEventMessage]
  ota: [OtaStatusMessage]
}

/** One simulated controller on the MQTT link: presence, telemetry, desired settings and error events. */
export class DeviceAgent extends EventEmitter<DeviceAgentEvents> {
  readonly serial: string
  readonly runtime: ControllerRuntime
  readonly updater: FirmwareUpdater
  /** What it announces on `capabilities`; null: nothing (the single-boiler model). */
  readonly installation: SimulatedInstallation | null
  /** The buffer tank and circuits behind the boiler, when it has an installation. */
  private readonly installationModel: InstallationModel | null
  private installationSteppedMs: number
  private client: MqttClient | null = null
  private timer: NodeJS.Timeout | null = null
  private firstTimer: NodeJS.Timeout | null = null
  private reconnectTimer: NodeJS.Timeout | null = null
  /** Connection attempts in a row that ended without CONNACK 0 (refused, unreachable, dropped at once). */
  private failedAttempts = 0
  private stopping = false
  private connectedAt: number | null = null
  private readonly poison = new PoisonRule()
  private dropped = 0
  private readonly now: () => number
  private readonly log: (line: string) => void

  constructor(private readonly options: DeviceAgentOptions) {
    super()
    this.serial = options.serial
    this.now = options.now ?? Date.now
    this.log = options.log ?? (() => {})
    this.installation = simulatedInstallation(options.circuits ?? 0)
    this.installationModel = this.installation ? new InstallationModel(this.installation) : null
    this.installationSteppedMs = this.now()
    this.runtime = new ControllerRuntime({
      bootId: randomBytes(4).toString('hex'),
      params: options.params ?? paramsForSerial(options.serial),
      speed: options.speed,
      startMs: this.now(),
      ...(options.settings ? { settings: options.settings } : {}),
      ...(options.state ? { state: options.state } : {}),
      ...(options.firmwareVersion ? { firmwareVersion: options.firmwareVersion } : {}),
      ...(options.settingsRevision ? { settingsRevision: options.settingsRevision } : {}),
    })
    this.updater = new FirmwareUpdater({
      serial: options.serial,
      password: options.password,
      running: () => this.runtime.firmwareVersion,
      install: (version) => {
        this.runtime.firmwareVersion = version
      },
      report: (status) => {
        this.publish('ota/status', status)
        this.log(
          `${this.serial}: firmware ${status.version} ${status.state}${status.reason ? `: ${status.reason}` : ''}`,
        )
        this.emit('ota', status)
      },
      now: this.now,
      log: this.log,
      ...(options.fetch ? { fetch: options.fetch } : {}),
    })
  }

  get connected(): boolean {
    return this.client?.connected ?? false
  }

  /** Messages this controller gave up on: refused by the broker, or poison (the connection closed twice). */
  get droppedMessages(): number {
    return this.dropped
  }

  start(): void {
    if (this.client) return
    const { serial } = this
    const client = mqtt.connect(this.options.url, this.clientOptions())
    this.client = client
    client.on('connect', () => {
      this.connectedAt = this.now()
      this.log(`${serial}: connected`)
      this.publish('status', this.status('online'))
      if (this.installation)
        this.publish('capabilities', { ts: new Date(this.now()).toISOString(), ...this.installation })
      const topics = [topicFor(serial, 'settings/desired'), topicFor(serial, 'ota/desired')]
      client.subscribe(topics, { qos: 1 }, (error, granted) => {
        if (error || granted?.some((g) => g.qos === 128)) this.log(`${serial}: subscribe refused`)
      })
      this.sendTelemetry()
      this.emit('connect')
    })
    // mqtt.js reads the will from its options at every connect, so each session's will carries its own time.
    client.on('reconnect', () => {
      if (client.options.will) client.options.will.payload = Buffer.from(this.willPayload())
    })
    client.on('message', (topic, payload) => {
      if (topic === topicFor(serial, 'settings/desired')) this.onDesired(payload)
      else if (topic === topicFor(serial, 'ota/desired')) this.onFirmware(payload)
    })
    client.on('error', (error) => this.log(`${serial}: ${error.message}`))
    // mqtt.js resends its stored messages on CONNACK and emits 'connect' only once they are out: a message that
    // gets the connection closed closes it before 'connect'. The CONNACK itself says the connection was taken.
    let accepted = false
    client.on('packetreceive', (packet) => {
      if (packet.cmd === 'connack') accepted = (packet.returnCode ?? packet.reasonCode ?? 0) === 0
      if (packet.cmd === 'puback' && packet.messageId !== undefined)
        this.poison.acknowledged(packet.messageId)
    })
    client.on('packetsend', (packet) => {
      if (packet.cmd === 'publish' && packet.qos > 0 && packet.messageId !== undefined)
        this.poison.sent(packet.messageId)
    })
    client.on('close', () => {
      if (accepted) this.dropPoison(client)
      accepted = false
      this.scheduleReconnect(client)
    })
    const intervalMs = this.options.intervalSeconds * 1000
    this.firstTimer = setTimeout(() => {
      this.timer = setInterval(() => this.sendTelemetry(), intervalMs)
    }, this.options.firstTelemetryDelayMs ?? 0)
  }

  /** Injects a controller error now: the boiler reacts, the event and a fresh snapshot are published. */
  inject(code: ErrorCode): ErrorEventMessage {
    const event = this.runtime.inject(code, this.now())
    this.publishEvent(event)
    this.sendTelemetry()
    return event
  }

  /** Forces a situation the server's alarms watch for (see model/conditions.ts); 'silence' stops telemetry. */
  setCondition(condition: Condition): void {
    this.runtime.setCondition(condition, this.now())
    this.sendTelemetry()
  }

  /** Back to normal: the boiler's own physics again, and telemetry again after a silence. */
  clearCondition(): void {
    this.runtime.clearCondition(this.now())
    this.sendTelemetry()
  }

  /** The controller's own on/off switch. */
  setPower(power: DeviceSettings['power']): void {
    this.runtime.setPower(power, this.now())
    this.sendTelemetry()
  }

  /**
   * Reconnects after the documented backoff (exponential with jitter, capped): a refused login or an unreachable
   * broker is retried ever more slowly, a dropped working connection soon. mqtt.js's own fixed-period retry is
   * off; its session and queued messages are kept (it reconnects the same client).
   */
  private scheduleReconnect(client: MqttClient): void {
    const baseMs = this.options.reconnectPeriodMs ?? RECONNECT_BASE_MS
    if (this.stopping || baseMs <= 0 || this.reconnectTimer) return
    // Only a connection that held counts as working: one taken over or closed at once keeps backing off.
    if (this.connectedAt !== null && this.now() - this.connectedAt >= STABLE_CONNECTION_MS)
      this.failedAttempts = 0
    this.connectedAt = null
    const delay = reconnectDelayMs(
      this.failedAttempts,
      baseMs,
      this.options.reconnectMaxMs ?? RECONNECT_MAX_MS,
    )
    this.failedAttempts += 1
    this.log(`${this.serial}: offline, retrying in ${delay} ms`)
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null
      if (this.stopping || client.connected) return
      // The client's own reconnect (mqtt.js 5): reuses its stores, so unacknowledged QoS 1 messages go again.
      const retry = (client as unknown as { _reconnect?: () => void })._reconnect
      if (typeof retry !== 'function')
        throw new Error('mqtt.js has changed: cannot reconnect the same client')
      retry.call(client)
    }, delay)
  }

  /** Clean stop: says 'offline' itself, then disconnects (the broker then discards the will). */
  async stop(): Promise<void> {
    this.stopping = true
    this.clearTimers()
    const client = this.client
    if (!client) return
    if (client.connected) {
      await client.publishAsync(
        topicFor(this.serial, 'status'),
        encodeDeviceMessage('status', this.status('offline')),
        {
          qos: 1,
          retain: true,
        },
      )
    }
    await client.endAsync()
  }

  /** Power cut: the socket drops without DISCONNECT, so the broker publishes the last will. */
  async kill(): Promise<void> {
    this.stopping = true
    this.clearTimers()
    await this.client?.endAsync(true)
  }

  sendTelemetry(): void {
    const events = this.runtime.advance(this.now())
    // A silent controller says nothing at all (its connection stays open).
    if (this.runtime.condition?.condition === 'silence') return
    for (const event of events) this.publishEvent(event)
    if (!this.connected) return
    const boiler = this.runtime.telemetry(this.now())
    const telemetry = this.installationModel ? { ...boiler, ...this.installationReadings(boiler) } : boiler
    this.publish('telemetry', telemetry)
    this.emit('telemetry', telemetry)
  }

  /** Runs the installation up to now behind the boiler water of `boiler`, and reads it. */
  private installationReadings(boiler: TelemetryMessage) {
    const model = this.installationModel!
    const now = this.now()
    const seconds = (Math.max(0, now - this.installationSteppedMs) / 1000) * this.options.speed
    this.installationSteppedMs = now
    model.step(seconds, boiler.heater_temp, boiler.outdoor_temp ?? outdoorTemp(now))
    return model.readings()
  }

  private onDesired(payload: Buffer): void {
    const parsed = parseDeviceMessage('settings/desired', payload)
    if (!parsed.ok) {
      this.log(`${this.serial}: desired settings dropped: ${parsed.reason}`)
      return
    }
    const ack = this.runtime.receiveDesired(parsed.message, this.now())
    this.publish('settings/ack', ack)
    this.log(`${this.serial}: settings v${ack.version} ${ack.result}${ack.reason ? `: ${ack.reason}` : ''}`)
    this.emit('ack', ack)
    if (ack.result === 'applied') this.sendTelemetry()
  }

  /** Damages the next firmware download in transit, so its checksum fails (the old firmware stays). */
  corruptNextDownload(): void {
    this.updater.corruptNextDownload()
  }

  private onFirmware(payload: Buffer): void {
    // The server clears the retained message once an update is over.
    if (payload.length === 0) return
    const parsed = parseDeviceMessage('ota/desired', payload)
    if (!parsed.ok) {
      this.log(`${this.serial}: firmware update dropped: ${parsed.reason}`)
      return
    }
    const before = this.runtime.firmwareVersion
    void this.updater.receive(parsed.message).then(() => {
      // The new firmware announces itself at once.
      if (this.runtime.firmwareVersion !== before) this.sendTelemetry()
    })
  }

  private publishEvent(event: ErrorEventMessage): void {
    this.log(`${this.serial}: error ${event.code}`)
    // QoS 1 messages published while offline wait in mqtt.js's store and go out on reconnect.
    this.publish('events/error', event)
    this.emit('error-event', event)
  }

  private publish<C extends DeviceChannel>(channel: C, message: DeviceMessages[C]): void {
    const { qos, retain } = CHANNEL_RULES[channel]
    const payload = encodeDeviceMessage(channel, message)
    // A message the broker could never take is not sent at all.
    if (Buffer.byteLength(payload) > DEVICE_LINK.maxPayloadBytes) {
      this.dropped += 1
      this.log(`${this.serial}: ${channel} message over ${DEVICE_LINK.maxPayloadBytes} bytes not sent`)
      return
    }
    this.client?.publish(topicFor(this.serial, channel), payload, { qos, retain }, (error) => {
      // Refused by the broker (a PUBACK reason of 0x80 or more) or dropped by the poison rule: not sent again.
      if (error && !this.stopping) {
        this.dropped += 1
        this.log(`${this.serial}: ${channel} message dropped: ${error.message}`)
      }
    })
  }

  /** The connection closed: a message unacknowledged across two closes in a row goes (the poison rule). */
  private dropPoison(client: MqttClient): void {
    const outgoing = (client as unknown as { outgoing?: Record<string, { volatile: boolean }> }).outgoing
    if (!outgoing) throw new Error('mqtt.js has changed: cannot see unacknowledged messages')
    const waiting = Object.entries(outgoing)
      .filter(([, entry]) => !entry.volatile)
      .map(([id]) => Number(id))
    const poison = this.poison.connectionClosed(waiting)
    if (poison !== null) client.removeOutgoingMessage(poison)
  }

  private status(state: StatusMessage['state']): StatusMessage {
    return {
      state,
      ts: new Date(this.now()).toISOString(),
      boot_id: this.runtime.bootId,
      firmware_version: this.runtime.firmwareVersion,
    }
  }

  private willPayload(): string {
    return encodeDeviceMessage('status', this.status('offline'))
  }

  private clientOptions(): IClientOptions {
    const protocolVersion = this.options.protocolVersion ?? 4
    return {
      clientId: deviceClientId(this.serial),
      username: this.serial,
      password: this.options.password,
      clean: false,
      keepalive: DEVICE_LINK.keepaliveSeconds,
      // Retries are scheduled by scheduleReconnect (backoff), not at mqtt.js's fixed period.
      reconnectPeriod: 0,
      connectTimeout: 10_000,
      protocolVersion,
      ...(this.options.ca ? { ca: this.options.ca } : {}),
      // Subscribing on every connect is explicit below; the retained desired settings arrive each time.
      resubscribe: false,
      ...(protocolVersion === 5 ? { properties: { sessionExpiryInterval: 86_400 } } : {}),
      will: {
        topic: topicFor(this.serial, 'status'),
        payload: Buffer.from(this.willPayload()),
        qos: 1,
        retain: true,
      },
    }
  }

  private clearTimers(): void {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer)
    this.reconnectTimer = null
    if (this.firstTimer) clearTimeout(this.firstTimer)
    if (this.timer) clearInterval(this.timer)
    this.firstTimer = null
    this.timer = null
  }
}
