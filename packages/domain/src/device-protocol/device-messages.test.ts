import { describe, expect, it } from 'vitest'
import { errorEventMessageSchema, statusMessageSchema, telemetryMessageSchema } from './device-messages'
import { errorEventExample, statusExample, telemetryExample } from './fixtures.test-data'

function fieldsOf(result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) {
  return result.error?.issues.map((issue) => issue.path.join('.')) ?? []
}

describe('telemetryMessageSchema', () => {
  it('accepts a snapshot, null readings of faulty sensors and an alarm temperature above the setting range', () => {
    expect(telemetryMessageSchema.safeParse(telemetryExample).success).toBe(true)
    const faulty = {
      ...telemetryExample,
      boiler_temp: null,
      heater_temp: 95,
      burner_power: 0,
      burner_on: false,
    }
    expect(telemetryMessageSchema.safeParse(faulty).success).toBe(true)
  })

  it('rejects out-of-range modes and values, wrong types and missing fields', () => {
    const bad = {
      ...telemetryExample,
      work_mode: 18,
      pump_mode: 0,
      flame_brightness: 101,
      burner_power: -1,
      burner_on: 'yes',
      seq: 1.5,
      ts: 'yesterday',
    }
    expect(fieldsOf(telemetryMessageSchema.safeParse(bad)).sort()).toEqual(
      ['burner_on', 'burner_power', 'flame_brightness', 'pump_mode', 'seq', 'ts', 'work_mode'].sort(),
    )
    const { settings_version: _, ...missing } = telemetryExample
    expect(fieldsOf(telemetryMessageSchema.safeParse(missing))).toEqual(['settings_version'])
    expect(telemetryMessageSchema.safeParse({ ...telemetryExample, boot_id: 'has space' }).success).toBe(
      false,
    )
    expect(telemetryMessageSchema.safeParse({ ...telemetryExample, gas_temp: Number.NaN }).success).toBe(
      false,
    )
  })

  it('requires an explicit offset on the timestamp', () => {
    expect(telemetryMessageSchema.safeParse({ ...telemetryExample, ts: '2025-01-31T10:00:05' }).success).toBe(
      false,
    )
    expect(
      telemetryMessageSchema.safeParse({ ...telemetryExample, ts: '2025-01-31T12:00:05+02:00' }).success,
    ).toBe(true)
  })
})

describe('telemetry active_errors (optional within v1)', () => {
  it('takes the errors in force, an empty list, or none at all (older controllers)', () => {
    for (const active_errors of [['E6'], ['E3', 'E10'], [], undefined]) {
      expect(telemetryMessageSchema.safeParse({ ...telemetryExample, active_errors }).success).toBe(true)
    }
    for (const active_errors of [['E11'], 'E6', [6], null]) {
      expect(telemetryMessageSchema.safeParse({ ...telemetryExample, active_errors }).success).toBe(false)
    }
  })
})

describe('telemetry outdoor_temp, burner_hours, ignitions (optional within v1)', () => {
  it('leaves an older controller valid without them', () => {
    const parsed = telemetryMessageSchema.safeParse(telemetryExample)
    expect(parsed.success).toBe(true)
    expect(telemetryExample).not.toHaveProperty('outdoor_temp')
    expect(parsed.data).not.toHaveProperty('burner_hours')
    expect(parsed.data).not.toHaveProperty('ignitions')
  })

  it('takes the outdoor temperature, the burner hours and the ignitions where the controller reports them', () => {
    const counters = { outdoor_temp: -12.5, burner_hours: 1234.25, ignitions: 5678 }
    const parsed = telemetryMessageSchema.safeParse({ ...telemetryExample, ...counters })
    expect(parsed.success).toBe(true)
    expect(parsed.data).toMatchObject(counters)
    // A faulty outdoor sensor reports null, as the other sensors do.
    expect(telemetryMessageSchema.safeParse({ ...telemetryExample, outdoor_temp: null }).success).toBe(true)
  })

  it('refuses values outside their ranges', () => {
    const bad = { ...telemetryExample, outdoor_temp: -51, burner_hours: -1, ignitions: 1.5 }
    expect(fieldsOf(telemetryMessageSchema.safeParse(bad)).sort()).toEqual([
      'burner_hours',
      'ignitions',
      'outdoor_temp',
    ])
    expect(telemetryMessageSchema.safeParse({ ...telemetryExample, outdoor_temp: 61 }).success).toBe(false)
    expect(telemetryMessageSchema.safeParse({ ...telemetryExample, ignitions: null }).success).toBe(false)
  })
})

describe('errorEventMessageSchema', () => {
  it('accepts every code E1–E10 and missing readings', () => {
    for (let n = 1; n <= 10; n++) {
      const event = { ...errorEventExample, code: `E${n}`, gas_temp: null, burner_power: null }
      expect(errorEventMessageSchema.safeParse(event).success, `E${n}`).toBe(true)
    }
  })

  it('rejects unknown codes, mode_status outside 0–3, power above 100 % and a missing event id', () => {
    expect(fieldsOf(errorEventMessageSchema.safeParse({ ...errorEventExample, code: 'E11' }))).toEqual([
      'code',
    ])
    expect(fieldsOf(errorEventMessageSchema.safeParse({ ...errorEventExample, code: 'e3' }))).toEqual([
      'code',
    ])
    expect(fieldsOf(errorEventMessageSchema.safeParse({ ...errorEventExample, mode_status: 4 }))).toEqual([
      'mode_status',
    ])
    expect(fieldsOf(errorEventMessageSchema.safeParse({ ...errorEventExample, burner_power: 120 }))).toEqual([
      'burner_power',
    ])
    const { event_id: _, ...noId } = errorEventExample
    expect(fieldsOf(errorEventMessageSchema.safeParse(noId))).toEqual(['event_id'])
  })
})

describe('statusMessageSchema', () => {
  it('accepts online and offline', () => {
    expect(statusMessageSchema.safeParse(statusExample).success).toBe(true)
    expect(statusMessageSchema.safeParse({ state: 'offline', ts: statusExample.ts }).success).toBe(true)
  })

  it('rejects other states and a missing time', () => {
    expect(statusMessageSchema.safeParse({ state: 'sleeping', ts: statusExample.ts }).success).toBe(false)
    expect(statusMessageSchema.safeParse({ state: 'online' }).success).toBe(false)
    expect(statusMessageSchema.safeParse('online').success).toBe(false)
  })
})

describe('telemetry circuits and buffer tank (optional within v1, ADR 063)', () => {
  it('leaves a single-boiler controller valid without them', () => {
    const parsed = telemetryMessageSchema.safeParse(telemetryExample)
    expect(parsed.success).toBe(true)
    expect(parsed.data).not.toHaveProperty('circuits')
    expect(parsed.data).not.toHaveProperty('buffer_top')
  })

  it('takes each circuit once with the readings it has, and the buffer tank with a faulty sensor', () => {
    const installation = {
      circuits: [
        { n: 1, flow_temp: 55.2, room_temp: 21.1, valve_pos: 62, pump_on: true },
        { n: 3, flow_temp: null, pump_on: false },
      ],
      buffer_top: 70.5,
      buffer_bottom: null,
    }
    const parsed = telemetryMessageSchema.safeParse({ ...telemetryExample, ...installation })
    expect(parsed.success).toBe(true)
    expect(parsed.data).toMatchObject(installation)
  })

  it('refuses repeated circuits, circuit numbers out of range and readings outside their spans', () => {
    const circuit = { n: 1, flow_temp: 50 }
    expect(
      telemetryMessageSchema.safeParse({ ...telemetryExample, circuits: [circuit, circuit] }).success,
    ).toBe(false)
    const bad = {
      ...telemetryExample,
      circuits: [{ n: 5 }, { n: 2, room_temp: 61, valve_pos: 101, flow_temp: 151 }],
      buffer_top: 200,
    }
    expect(fieldsOf(telemetryMessageSchema.safeParse(bad)).sort()).toEqual([
      'buffer_top',
      'circuits.0.n',
      'circuits.1.flow_temp',
      'circuits.1.room_temp',
      'circuits.1.valve_pos',
    ])
  })
})
