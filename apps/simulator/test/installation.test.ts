import { capabilitiesMessageSchema, telemetryMessageSchema } from '@teplo/domain'
import { describe, expect, it } from 'vitest'
import { curveFlow, InstallationModel, simulatedInstallation } from '../src/model/installation'

const HOUR = 3600

function run(model: InstallationModel, hours: number, supply: number | null, outdoor: number) {
  for (let s = 0; s < hours * HOUR; s += 10) model.step(10, supply, outdoor)
  return model.readings()
}

describe('the simulated installation (ADR 063)', () => {
  it('announces 1–3 circuits with an outdoor sensor, a buffer tank and hot water; none without circuits', () => {
    expect(simulatedInstallation(0)).toBeNull()
    for (const circuits of [1, 2, 3]) {
      const installation = simulatedInstallation(circuits)!
      expect(installation.circuits).toHaveLength(circuits)
      expect(
        capabilitiesMessageSchema.safeParse({ ts: new Date().toISOString(), ...installation }).success,
      ).toBe(true)
    }
    expect(simulatedInstallation(2)!.circuits.map((c) => c.kind)).toEqual(['radiators', 'underfloor'])
  })

  it('follows the heating curve: colder outdoors, hotter flow; underfloor stays low', () => {
    expect(curveFlow({ slope: 1.4, shift: 0, flowMin: 25, flowMax: 75 }, -10)).toBeCloseTo(64.4)
    expect(curveFlow({ slope: 1.4, shift: 0, flowMin: 25, flowMax: 75 }, -30)).toBe(75)
    expect(curveFlow({ slope: 1.4, shift: 5, flowMin: 25, flowMax: 75 }, 0)).toBeCloseTo(55.4)
    const mild = run(new InstallationModel(simulatedInstallation(2)!), 3, 70, 5)
    const cold = run(new InstallationModel(simulatedInstallation(2)!), 3, 70, -10)
    expect(cold.circuits[0]!.flow_temp).toBeGreaterThan(mild.circuits[0]!.flow_temp + 15)
    expect(cold.circuits[0]!.flow_temp).toBeCloseTo(64.4, 0)
    expect(cold.circuits[1]!.flow_temp).toBeLessThanOrEqual(45)
    for (const circuit of cold.circuits) {
      expect(circuit.pump_on).toBe(true)
      expect(circuit.valve_pos).toBeGreaterThan(0)
      expect(circuit.valve_pos).toBeLessThanOrEqual(100)
    }
  })

  it('keeps the rooms near comfort in winter, and they cool when the boiler water is gone', () => {
    const model = new InstallationModel(simulatedInstallation(2)!)
    const warm = run(model, 24, 70, -5)
    for (const circuit of warm.circuits) {
      expect(circuit.room_temp).toBeGreaterThan(19.5)
      expect(circuit.room_temp).toBeLessThan(24)
    }
    // The buffer is charged just below the boiler water and its bottom is cooler while the circuits draw.
    expect(warm.buffer_top).toBeCloseTo(68, 0)
    expect(warm.buffer_bottom).toBeLessThan(warm.buffer_top - 3)
    const cold = run(model, 12, null, -5)
    expect(cold.buffer_top).toBeLessThan(warm.buffer_top - 10)
    expect(cold.circuits[0]!.room_temp).toBeLessThan(warm.circuits[0]!.room_temp!)
  })

  it('stops the circuit pumps above the summer cut-off, and its readings are valid telemetry', () => {
    const summer = run(new InstallationModel(simulatedInstallation(3)!), 2, 60, 24)
    expect(summer.circuits.every((c) => !c.pump_on && c.valve_pos === 0)).toBe(true)
    // The third circuit has no room sensor, so it reports no room temperature.
    expect(summer.circuits[2]).not.toHaveProperty('room_temp')
    const telemetry = {
      boot_id: 'b',
      seq: 1,
      ts: new Date().toISOString(),
      heater_temp: 60,
      boiler_temp: 50,
      gas_temp: 120,
      burner_power: 10,
      flame_brightness: 50,
      work_mode: 6,
      pump_mode: 1,
      burner_on: true,
      settings_version: 1,
      ...summer,
    }
    expect(telemetryMessageSchema.safeParse(telemetry).success).toBe(true)
  })
})
