import {
  ALARM_KINDS,
  type AlarmKind,
  alarmKindLabel,
  ITEM_SETTINGS,
  type ItemResource,
  type Language,
  type MessageKey,
  msg,
  PUMP_MODES,
  pumpModeLabel,
  translateMessage,
  workModeLabel,
} from '@teplo/domain'

// Home Assistant's MQTT discovery (ADR 062, docs/integrations.md "Home Assistant"): what Teplo publishes for one
// device on the owner's broker. Pure: the bridge gives the device as the API answers it and publishes the result.

/** The topics of one device: `teplo/<serial>/…`; the serial made topic-safe. */
export function deviceSlug(serialNumber: string): string {
  return serialNumber.replace(/[^A-Za-z0-9_-]/g, '_')
}

export const TOPIC_ROOT = 'teplo'
/** The bridge's own availability (its last will says offline): one per account. */
export const bridgeAvailabilityTopic = (userId: number) => `${TOPIC_ROOT}/bridge/${userId}/availability`
/** Every command topic the bridge listens to: `teplo/<serial>/<command>/set`. */
export const COMMAND_SUBSCRIPTION = `${TOPIC_ROOT}/+/+/set`

/** What Home Assistant may send, per device. */
export const COMMANDS = [
  'heater_temperature',
  'heater_mode',
  'tank_temperature',
  'power',
  'pump_mode',
] as const
export type CommandName = (typeof COMMANDS)[number]

export const isCommandName = (value: string): value is CommandName =>
  (COMMANDS as readonly string[]).includes(value)

export const stateTopic = (slug: string) => `${TOPIC_ROOT}/${slug}/state`
export const availabilityTopic = (slug: string) => `${TOPIC_ROOT}/${slug}/availability`
export const commandTopic = (slug: string, command: CommandName) => `${TOPIC_ROOT}/${slug}/${command}/set`

/** A command topic's device and command, or null for any other topic. */
export function parseCommandTopic(topic: string): { slug: string; command: CommandName } | null {
  const parts = topic.split('/')
  if (parts.length !== 4 || parts[0] !== TOPIC_ROOT || parts[3] !== 'set') return null
  const [, slug, command] = parts
  if (!slug || !command || !isCommandName(command)) return null
  return { slug, command }
}

/** A device as the bridge reads it: its API resource, and what other screens show of it. */
export type DeviceView = {
  id: number
  attributes: ItemResource['attributes']
  /** The device type's name (the device block's model). */
  model: string
  language: Language
  fuel: { fuel_left_kg: number | null; days_left: number | null } | null
  energy: { energy_kwh_total: number | null; fuel_kg_total: number | null } | null
  activeAlarms: ReadonlySet<string>
  /** The last command from Home Assistant and what became of it (shown on the sync sensor). */
  lastCommand: { command: string; outcome: 'accepted' | 'refused'; reason: string | null; at: string } | null
}

export type RetainedMessage = { topic: string; payload: string }

const text = (key: MessageKey, language: Language, params?: Record<string, string>) =>
  translateMessage(msg(key, params), language)

const entityName = (key: string, language: Language) =>
  text(`server.homeAssistant.entities.${key}` as MessageKey, language)

/** Whether the controller takes a setting (ADR 051: one it leaves out of its reports is not applied). */
const supports = (view: DeviceView, setting: string) =>
  !view.attributes.unsupported_settings.includes(setting)

const pumpModeOptions = (language: Language) => PUMP_MODES.map((mode) => pumpModeLabel(mode, language))

/** The retained discovery configurations of one device, one per entity. */
export function discoveryConfigs(view: DeviceView, prefix: string, userId: number): RetainedMessage[] {
  const { attributes: a, language } = view
  const slug = deviceSlug(a.serial_number)
  const node = `teplo_${slug}`
  const state = stateTopic(slug)
  const device = {
    identifiers: [node],
    name: a.name,
    manufacturer: 'Teplo',
    model: view.model,
    serial_number: a.serial_number,
    ...(a.firmware_version ? { sw_version: a.firmware_version } : {}),
  }
  const common = {
    device,
    availability: [{ topic: bridgeAvailabilityTopic(userId) }, { topic: availabilityTopic(slug) }],
    availability_mode: 'all',
    origin: { name: 'Teplo' },
  }
  const configs: RetainedMessage[] = []
  const add = (component: string, object: string, config: Record<string, unknown>) => {
    configs.push({
      topic: `${prefix}/${component}/${node}/${object}/config`,
      payload: JSON.stringify({
        ...config,
        unique_id: `${node}_${object}`,
        object_id: `${node}_${object}`,
        ...common,
      }),
    })
  }
  const sensor = (object: string, name: string, extra: Record<string, unknown>) =>
    add('sensor', object, {
      name,
      state_topic: state,
      value_template: `{{ value_json.${object} }}`,
      ...extra,
    })
  const temperature = { device_class: 'temperature', state_class: 'measurement', unit_of_measurement: '°C' }
  sensor('heater_temp', entityName('heaterTemp', language), temperature)
  sensor('boiler_temp', entityName('boilerTemp', language), temperature)
  sensor('gas_temp', entityName('gasTemp', language), temperature)
  sensor('burner_power', entityName('burnerPower', language), {
    device_class: 'power',
    state_class: 'measurement',
    unit_of_measurement: 'kW',
  })
  sensor('flame_brightness', entityName('flame', language), {
    state_class: 'measurement',
    unit_of_measurement: '%',
    icon: 'mdi:fire',
  })
  sensor('work_mode', entityName('workMode', language), { icon: 'mdi:state-machine' })
  sensor('fuel_left_kg', entityName('fuelLeft', language), {
    device_class: 'weight',
    state_class: 'measurement',
    unit_of_measurement: 'kg',
  })
  sensor('days_left', entityName('daysLeft', language), {
    device_class: 'duration',
    state_class: 'measurement',
    unit_of_measurement: 'd',
  })
  sensor('energy_kwh_total', entityName('energyTotal', language), {
    device_class: 'energy',
    state_class: 'total_increasing',
    unit_of_measurement: 'kWh',
  })
  sensor('fuel_kg_total', entityName('fuelTotal', language), {
    device_class: 'weight',
    state_class: 'total_increasing',
    unit_of_measurement: 'kg',
  })
  sensor('sync', entityName('sync', language), {
    entity_category: 'diagnostic',
    icon: 'mdi:sync',
    json_attributes_topic: state,
    json_attributes_template: '{{ value_json.sync_details | tojson }}',
  })

  const heater = ITEM_SETTINGS.heater_temp_set
  add('climate', 'heater', {
    name: entityName('heater', language),
    modes: ['off', 'heat'],
    mode_command_topic: commandTopic(slug, 'heater_mode'),
    mode_state_topic: state,
    mode_state_template: '{{ value_json.hvac_mode }}',
    action_topic: state,
    action_template: '{{ value_json.hvac_action }}',
    temperature_command_topic: commandTopic(slug, 'heater_temperature'),
    temperature_state_topic: state,
    temperature_state_template: '{{ value_json.heater_temp_set }}',
    current_temperature_topic: state,
    current_temperature_template: '{{ value_json.heater_temp }}',
    min_temp: heater.min,
    max_temp: heater.max,
    temp_step: heater.step,
    precision: 1.0,
    temperature_unit: 'C',
    optimistic: false,
  })
  const tank = ITEM_SETTINGS.boiler_temp_set
  add('water_heater', 'tank', {
    name: entityName('tank', language),
    modes: ['off', 'performance'],
    mode_state_topic: state,
    mode_state_template: '{{ value_json.tank_mode }}',
    temperature_command_topic: commandTopic(slug, 'tank_temperature'),
    temperature_state_topic: state,
    temperature_state_template: '{{ value_json.boiler_temp_set }}',
    current_temperature_topic: state,
    current_temperature_template: '{{ value_json.boiler_temp }}',
    min_temp: tank.min,
    max_temp: tank.max,
    precision: 1.0,
    temperature_unit: 'C',
    optimistic: false,
  })
  add('switch', 'power', {
    name: entityName('power', language),
    command_topic: commandTopic(slug, 'power'),
    state_topic: state,
    value_template: '{{ value_json.power }}',
    payload_on: 'ON',
    payload_off: 'OFF',
    state_on: 'ON',
    state_off: 'OFF',
    optimistic: false,
    icon: 'mdi:power',
  })
  if (supports(view, 'pump_mode')) {
    add('select', 'pump_mode', {
      name: entityName('pumpMode', language),
      command_topic: commandTopic(slug, 'pump_mode'),
      state_topic: state,
      value_template: '{{ value_json.pump_mode }}',
      options: pumpModeOptions(language),
      optimistic: false,
      icon: 'mdi:pump',
    })
  }
  for (const kind of ALARM_KINDS) {
    add('binary_sensor', `alarm_${kind}`, {
      name: text('server.homeAssistant.entities.alarm', language, { title: alarmKindLabel(kind, language) }),
      device_class: 'problem',
      state_topic: state,
      value_template: `{{ value_json.alarms.${kind} }}`,
      payload_on: 'ON',
      payload_off: 'OFF',
    })
  }
  return configs
}

const round = (value: number | null | undefined, digits = 1) =>
  value == null ? null : Math.round(value * 10 ** digits) / 10 ** digits

/**
 * The device's state as one JSON document on `teplo/<serial>/state` (every entity reads its member): the readings
 * as last reported, the owner's settings as desired, and the sync status saying whether the controller applied them.
 */
export function deviceState(view: DeviceView): Record<string, unknown> {
  const { attributes: a, language } = view
  const on = a.power_set === 'on'
  const burning = (a.burner_power ?? 0) > 0
  const alarms: Record<string, 'ON' | 'OFF'> = {}
  for (const kind of ALARM_KINDS) alarms[kind] = view.activeAlarms.has(kind as AlarmKind) ? 'ON' : 'OFF'
  return {
    heater_temp: round(a.heater_temp),
    boiler_temp: round(a.boiler_temp),
    gas_temp: round(a.gas_temp),
    burner_power: round(a.burner_power),
    flame_brightness: round(a.flame_brightness, 0),
    work_mode: a.work_mode === null ? null : workModeLabel(a.work_mode, language),
    fuel_left_kg: round(view.fuel?.fuel_left_kg),
    days_left: round(view.fuel?.days_left),
    energy_kwh_total: round(view.energy?.energy_kwh_total, 3),
    fuel_kg_total: round(view.energy?.fuel_kg_total, 3),
    heater_temp_set: a.heater_temp_set,
    boiler_temp_set: a.boiler_temp_set,
    power: on ? 'ON' : 'OFF',
    hvac_mode: on ? 'heat' : 'off',
    hvac_action: !on ? 'off' : burning ? 'heating' : 'idle',
    tank_mode: on ? 'performance' : 'off',
    pump_mode: pumpModeLabel(a.pump_mode, language),
    alarms,
    sync: text(`server.homeAssistant.sync.${a.sync_status}` as MessageKey, language),
    sync_details: {
      status: a.sync_status,
      reason: a.sync_reason,
      settings_version: a.settings_version,
      applied_version: a.applied_version,
      applied: a.reported_settings,
      last_command: view.lastCommand,
    },
  }
}

/** Whether the device answers now: its link is up (on or off); otherwise Home Assistant shows it unavailable. */
export function deviceAvailable(view: DeviceView): boolean {
  return view.attributes.status === 'on' || view.attributes.status === 'off'
}
