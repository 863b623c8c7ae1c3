import {
  currentSettingsRevision,
  DEFAULT_DEVICE_SETTINGS,
  type DesiredSettingsMessage,
  type DeviceSchedule,
  type DeviceSettings,
  ERROR_CODES,
  type ErrorCode,
  type ErrorEventMessage,
  type ReportedDeviceSettings,
  type ServiceSettings,
  type SettingsAckMessage,
  settingsKnownAt,
  settingsRefusalReason,
  type TelemetryMessage,
} from '@teplo/domain'
import { type ActiveCondition, applyCondition, type Condition } from './model/conditions'
import { applyFault } from './model/faults'
import type { BoilerParams } from './model/params'
import { errorEventReadings, telemetryReadings } from './model/readings'
import { reportedBurnerPower, serviceCombinationReason } from './model/service'
import { type BoilerState, initialState } from './model/state'
import { stepBoiler } from './model/step'
import { rememberedPeriods, scheduledSettings, scheduleRefusal } from './schedule'

export interface RuntimeOptions {
  bootId: string
  params: BoilerParams
  /** Physics runs this many times faster than the wall clock. */
  speed: number
  startMs: number
  settings?: DeviceSettings
  /** The weekly schedule in effect (settings/desired `schedule`); none by default. */
  schedule?: DeviceSchedule | null
  /** Service parameters in effect (factory ones when not given). */
  service?: ServiceSettings
  state?: BoilerState
  /** The firmware the controller starts with (default SIMULATOR_FIRMWARE_VERSION). */
  firmwareVersion?: string
  /**
   * The settings revision its firmware knows (default: the current one, every setting of the registry). An older
   * controller ignores the newer settings of a desired set and leaves them out of its acks (ADR 051).
   */
  settingsRevision?: number
}

/** The firmware a simulated controller runs until it is updated. */
export const SIMULATOR_FIRMWARE_VERSION = '1.0.0'

/**
 * The controller's memory without any network: boiler model, settings in effect, message counters.
 * Every method takes the wall-clock time, so tests drive it with fake time.
 */
export class ControllerRuntime {
  readonly bootId: string
  state: BoilerState
  settings: DeviceSettings
  /** The weekly schedule in effect; the settings above are the comfort ones (see schedule.ts). */
  schedule: DeviceSchedule | null
  /** The service parameters in effect (ADR 025); they shape the burner through the model's params. */
  service: ServiceSettings
  appliedVersion = 0
  /** The firmware running; changed only by a verified update (see ota.ts). */
  firmwareVersion: string
  /** The settings revision the firmware knows (ADR 051). */
  readonly settingsRevision: number
  private readonly baseParams: BoilerParams
  private readonly speed: number
  private lastAdvanceMs: number
  private lastTsMs = 0
  private seq = 0
  private eventCount = 0
  private lastAck: SettingsAckMessage | null = null
  private lastDesiredKey = ''
  private readonly periodAt = rememberedPeriods()
  /** A situation forced on the boiler until cleared (overheat, frost, fire out, silence). */
  condition: ActiveCondition | null = null

  constructor(options: RuntimeOptions) {
    this.bootId = options.bootId
    this.baseParams = options.params
    this.service = options.service ?? options.params.service
    this.speed = options.speed
    this.lastAdvanceMs = options.startMs
    this.settings = options.settings ?? DEFAULT_DEVICE_SETTINGS
    this.schedule = options.schedule ?? null
    this.state = options.state ?? initialState(options.params)
    this.firmwareVersion = options.firmwareVersion ?? SIMULATOR_FIRMWARE_VERSION
    this.settingsRevision = options.settingsRevision ?? currentSettingsRevision()
  }

  /** The settings of a set that this controller knows: what it checks, applies and reports. */
  private known(settings: DeviceSettings): ReportedDeviceSettings {
    const names = settingsKnownAt(this.settingsRevision).map(([name]) => name)
    return Object.fromEntries([
      ['power', settings.power],
      ...names.map((name) => [name, settings[name]]),
    ]) as ReportedDeviceSettings
  }

  /** The installation's physics with the service parameters in effect. */
  private get params(): BoilerParams {
    return { ...this.baseParams, service: this.service }
  }

  /** Runs the physics up to `nowMs`; returns the errors the controller raised on its own meanwhile. */
  advance(nowMs: number): ErrorEventMessage[] {
    const seconds = (Math.max(0, nowMs - this.lastAdvanceMs) / 1000) * this.speed
    this.lastAdvanceMs = Math.max(this.lastAdvanceMs, nowMs)
    const result = stepBoiler(this.state, this.inEffect(nowMs).settings, this.params, seconds)
    this.state = result.state
    return result.raised.map((code) => this.errorEvent(code, nowMs))
  }

  /** Current readings without consuming a sequence number (for status displays). */
  snapshot(nowMs = this.lastAdvanceMs): Omit<TelemetryMessage, 'boot_id' | 'seq' | 'ts'> {
    return {
      ...this.readings(nowMs),
      settings_version: this.appliedVersion,
      schedule_period: this.inEffect(nowMs).period,
    }
  }

  /** The set points the boiler works to now: the settings, lowered in a reduced slot of the schedule. */
  inEffect(nowMs: number) {
    return scheduledSettings(this.settings, this.schedule, new Date(nowMs), this.periodAt)
  }

  telemetry(nowMs: number): TelemetryMessage {
    return {
      boot_id: this.bootId,
      seq: this.seq++,
      ts: this.timestamp(nowMs),
      ...this.readings(nowMs),
      settings_version: this.appliedVersion,
      schedule_period: this.inEffect(nowMs).period,
      firmware_version: this.firmwareVersion,
      // The errors in force (protocol v1, optional): one that times out or is reset leaves the list and ends.
      active_errors: ERROR_CODES.filter((code) => this.state.faults[code] !== undefined),
    }
  }

  /** Forces a situation until `clearCondition` (one at a time; a new one replaces the last). */
  setCondition(condition: Condition, nowMs: number): void {
    this.advance(nowMs)
    this.condition = { condition, sinceMs: nowMs, startTemp: this.state.heaterTemp }
  }

  clearCondition(nowMs: number): void {
    this.advance(nowMs)
    this.condition = null
  }

  private readings(nowMs: number) {
    const measured = telemetryReadings(this.state, this.inEffect(nowMs).settings, nowMs)
    // The controller reports the power it computes from what it fed and the calorific value it was told.
    const power = reportedBurnerPower(measured.burner_power, this.service, this.params)
    const readings = { ...measured, burner_power: Math.round(power * 10) / 10 }
    if (!this.condition) return readings
    const elapsedS = (Math.max(0, nowMs - this.condition.sinceMs) / 1000) * this.speed
    return applyCondition(readings, this.condition, elapsedS)
  }

  /** Puts the boiler into the situation of `code` and returns the event the controller reports. */
  inject(code: ErrorCode, nowMs: number): ErrorEventMessage {
    this.advance(nowMs)
    this.state = applyFault(this.state, this.settings, this.params, code)
    return this.errorEvent(code, nowMs)
  }

  /** The panel's on/off switch; switching on also resets latched errors, as a manual reset does. */
  setPower(power: DeviceSettings['power'], nowMs: number): void {
    this.advance(nowMs)
    this.changeSettings({ ...this.settings, power })
  }

  /** Applies or refuses a desired set; the same version again gets the same answer without re-applying. */
  receiveDesired(desired: DesiredSettingsMessage, nowMs: number): SettingsAckMessage {
    // A rebuilt server database may reuse a version number with other values: compare the values too.
    const key = `${desired.version}:${JSON.stringify(desired.settings)}:${JSON.stringify(desired.schedule)}:${JSON.stringify(desired.service ?? null)}`
    if (this.lastAck && key === this.lastDesiredKey) return { ...this.lastAck, ts: this.timestamp(nowMs) }
    this.lastDesiredKey = key
    this.advance(nowMs)
    // Without `service` the service parameters in effect stay (nobody has set them on the server).
    // A setting newer than its firmware is not read at all, as a fielded controller ignores an unknown field.
    const known = this.known(desired.settings)
    const reasons = [
      settingsRefusalReason(known),
      scheduleRefusal(desired.schedule),
      desired.service ? serviceCombinationReason(desired.service, this.params) : null,
    ]
    const reason = reasons.filter((text) => text !== null).join('; ') || null
    if (reason === null) {
      this.changeSettings({ ...this.settings, ...known })
      // A set without a schedule comes from a server that has none for this boiler.
      this.schedule = desired.schedule ?? null
      if (desired.service) this.service = { ...desired.service }
      this.appliedVersion = desired.version
    }
    const ack: SettingsAckMessage = {
      version: desired.version,
      result: reason === null ? 'applied' : 'refused',
      ...(reason === null ? {} : { reason }),
      ts: this.timestamp(nowMs),
      applied: this.known(this.settings),
      applied_version: this.appliedVersion,
      applied_schedule: this.schedule,
      applied_service: this.service,
    }
    this.lastAck = ack
    return ack
  }

  private changeSettings(next: DeviceSettings): void {
    const switchedOn = this.settings.power === 'off' && next.power === 'on'
    this.settings = next
    if (switchedOn) this.state = { ...this.state, faults: {} }
  }

  private errorEvent(code: ErrorCode, nowMs: number): ErrorEventMessage {
    this.eventCount += 1
    return {
      event_id: `${this.bootId}-${this.eventCount}`,
      code,
      ts: this.timestamp(nowMs),
      ...errorEventReadings(this.state, this.settings),
    }
  }

  /** Strictly increasing per device, so the server can order by time alone. */
  private timestamp(nowMs: number): string {
    this.lastTsMs = Math.max(nowMs, this.lastTsMs + 1)
    return new Date(this.lastTsMs).toISOString()
  }
}
