import type { DeviceSettings } from '@teplo/domain'
import { emergencyCooling, tankPumpBlocked } from './faults'
import type { BoilerParams } from './params'
import type { BoilerState } from './state'

export interface PumpState {
  housePumpOn: boolean
  tankPumpOn: boolean
  tankCharging: boolean
}

/**
 * Pump modes: 1 Б+К both circuits in parallel, 2 Б tank only (summer), 3 К heating only, 4 К+Б heating with
 * hot-water priority (the heating pump pauses while the tank charges).
 */
export function decidePumps(state: BoilerState, settings: DeviceSettings, params: BoilerParams): PumpState {
  const blocked = tankPumpBlocked(state)
  let tankCharging = state.tankCharging
  if (state.tankTemp < settings.boiler_temp_set - settings.boiler_hysteresis) tankCharging = true
  if (state.tankTemp >= settings.boiler_temp_set) tankCharging = false
  if (blocked) tankCharging = false

  if (emergencyCooling(state)) return { housePumpOn: true, tankPumpOn: !blocked, tankCharging }

  // Water near freezing is circulated whatever the mode, so the installation does not freeze.
  if (state.heaterTemp <= params.service.antifreeze_temp)
    return { housePumpOn: true, tankPumpOn: false, tankCharging }
  // Pumps wait until the boiler water is warm enough (condensation protection).
  const warm = state.heaterTemp >= params.service.pump_start_temp
  // Never circulate tank water through a boiler colder than the tank.
  const tankWanted = tankCharging && warm && state.heaterTemp > state.tankTemp + 1
  const mode = settings.pump_mode
  const tankEnabled = mode === 1 || mode === 2 || mode === 4
  const houseEnabled = mode === 1 || mode === 3 || mode === 4
  const tankPumpOn = tankEnabled && tankWanted
  const housePumpOn = houseEnabled && warm && !(mode === 4 && tankPumpOn)
  return { housePumpOn, tankPumpOn, tankCharging }
}
