import type { ErrorEventMessage, StatusMessage, TelemetryMessage } from './device-messages'
import {
  DEFAULT_DEVICE_SETTINGS,
  type DesiredSettingsMessage,
  type SettingsAckMessage,
} from './settings-messages'

/** Valid example messages, the same ones docs/device-protocol.md shows. */
export const telemetryExample: TelemetryMessage = {
  boot_id: 'b7f3c2',
  seq: 42,
  ts: '2025-01-31T10:00:05.000Z',
  heater_temp: 61.5,
  boiler_temp: 47.2,
  gas_temp: 164,
  burner_power: 38.4,
  flame_brightness: 72,
  work_mode: 6,
  pump_mode: 1,
  burner_on: true,
  settings_version: 3,
}

export const errorEventExample: ErrorEventMessage = {
  event_id: 'b7f3c2-7',
  code: 'E3',
  ts: '2025-01-31T10:02:00.000Z',
  mode_status: 3,
  heater_temp: 91.2,
  boiler_temp: 55,
  gas_temp: 210,
  burner_power: 0,
  work_mode: 4,
}

export const desiredExample: DesiredSettingsMessage = {
  version: 4,
  ts: '2025-01-31T10:05:00.000Z',
  settings: { ...DEFAULT_DEVICE_SETTINGS, heater_temp_set: 70 },
}

export const ackAppliedExample: SettingsAckMessage = {
  version: 4,
  result: 'applied',
  ts: '2025-01-31T10:05:00.420Z',
  applied: desiredExample.settings,
  applied_version: 4,
}

export const statusExample: StatusMessage = {
  state: 'online',
  ts: '2025-01-31T10:00:00.000Z',
  boot_id: 'b7f3c2',
}
