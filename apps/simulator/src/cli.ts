#!/usr/bin/env -S npx tsx
import { readFileSync } from 'node:fs'
import { createInterface } from 'node:readline'
import { workModeLabel } from '@teplo/domain'
import { type CliOptions, parseCliOptions, USAGE } from './cli-options'
import { COMMANDS_HELP, parseCommand } from './commands'
import { parseDevicesFlag, readCredentialsFile } from './credentials'
import { provisionDevices } from './provision'
import { type DeviceLogin, type SimulatorHandle, startSimulator } from './simulator'

const log = (line: string) => console.log(`${new Date().toISOString()} ${line}`)

async function loginsFrom(options: CliOptions): Promise<{ logins: DeviceLogin[]; url: string }> {
  const logins: DeviceLogin[] = []
  let url = options.url
  if (options.devices) logins.push(...parseDevicesFlag(options.devices))
  if (options.credentialsFile) logins.push(...(await readCredentialsFile(options.credentialsFile)))
  if (options.count && options.api) {
    const provisioned = await provisionDevices({ api: options.api, count: options.count, log })
    logins.push(...provisioned.logins)
    if (!options.urlGiven && provisioned.brokerUrl) url = provisioned.brokerUrl
  }
  return { logins, url }
}

function statusLine(simulator: SimulatorHandle): string {
  return simulator.devices
    .map((device) => {
      const t = device.runtime.snapshot()
      const link = device.connected ? 'online' : 'offline'
      return `${device.serial} ${link} ${workModeLabel(t.work_mode)} heater ${t.heater_temp ?? '-'}°C tank ${t.boiler_temp ?? '-'}°C gas ${t.gas_temp ?? '-'}°C ${t.burner_power} kW flame ${t.flame_brightness}% v${t.settings_version} firmware ${device.runtime.firmwareVersion}`
    })
    .join('\n')
}

function listen(simulator: SimulatorHandle, shutdown: () => Promise<void>): void {
  const input = createInterface({ input: process.stdin })
  input.on('line', (line) => {
    const command = parseCommand(line)
    if (!command) return
    try {
      switch (command.kind) {
        case 'inject':
          simulator.inject(command.serial, command.code)
          break
        case 'power':
          simulator.setPower(command.serial, command.power)
          break
        case 'fault':
          simulator.setCondition(command.serial, command.condition)
          break
        case 'clear':
          simulator.clearCondition(command.serial)
          break
        case 'corrupt':
          simulator.corruptNextDownload(command.serial)
          break
        case 'status':
          console.log(statusLine(simulator))
          break
        case 'help':
          console.log(COMMANDS_HELP)
          break
        case 'quit':
          input.close()
          void shutdown()
          break
        case 'invalid':
          console.log(command.message)
      }
    } catch (error) {
      console.log((error as Error).message)
    }
  })
}

async function main(): Promise<void> {
  const options = parseCliOptions(process.argv.slice(2))
  if (options.help) {
    console.log(USAGE)
    return
  }
  const { logins: devices, url } = await loginsFrom(options)
  if (devices.length === 0) throw new Error('no devices to simulate')
  const injectInto = options.inject?.serial
  const faultInto = options.fault?.serial
  if (faultInto && !devices.some((device) => device.serial === faultInto)) {
    throw new Error(`--device ${faultInto} is not among the simulated devices`)
  }
  if (injectInto && !devices.some((device) => device.serial === injectInto)) {
    throw new Error(`--device ${injectInto} is not among the simulated devices`)
  }
  const simulator = startSimulator({
    url,
    devices: devices.map((device) => ({
      ...device,
      ...(options.settingsRevision !== undefined ? { settingsRevision: options.settingsRevision } : {}),
      ...(options.circuits ? { circuits: options.circuits } : {}),
    })),
    intervalSeconds: options.intervalSeconds,
    speed: options.speed,
    protocolVersion: options.protocolVersion,
    ...(options.ca ? { ca: readFileSync(options.ca) } : {}),
    log,
  })
  log(`simulating ${devices.length} device(s) against ${url}; type help for commands`)
  let stopping = false
  const shutdown = async () => {
    if (stopping) return
    stopping = true
    await simulator.stop()
    process.exit(0)
  }
  process.on('SIGINT', shutdown)
  process.on('SIGTERM', shutdown)
  listen(simulator, shutdown)

  const inject = options.inject
  if (inject) {
    await simulator.whenConnected()
    const targets = inject.serial ? [inject.serial] : simulator.devices.map((device) => device.serial)
    for (const serial of targets) simulator.inject(serial, inject.code)
  }
  const fault = options.fault
  if (fault) {
    await simulator.whenConnected()
    const targets = fault.serial ? [fault.serial] : simulator.devices.map((device) => device.serial)
    for (const serial of targets) simulator.setCondition(serial, fault.condition)
  }
}

main().catch((error: Error) => {
  console.error(`teplo-simulator: ${error.message}\n\n${USAGE}`)
  process.exit(1)
})
