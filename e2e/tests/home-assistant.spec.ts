import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import net from 'node:net'
import { tmpdir, userInfo } from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { startSimulator } from '@teplo/simulator'
import { connect } from 'mqtt'
import { api, apiToken, useToken } from '../support/api-session'
import { createDevice, freshSerial, removeDevice } from '../support/devices'
import { brokerUrl } from '../support/paths'

// The e2e server runs its embedded device broker on the port after its HTTP port and may connect to Home Assistant
// brokers on 127.0.0.1 (HOME_ASSISTANT_ALLOW_PRIVATE: playwright.config.ts). The owner's broker is a Mosquitto this
// spec starts; a client on it plays Home Assistant.

async function freePort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

/** A plain Mosquitto on a free port of 127.0.0.1: someone's own broker. */
async function ownBroker() {
  const dir = mkdtempSync(path.join(tmpdir(), 'teplo-e2e-ha-'))
  const port = await freePort()
  const conf = path.join(dir, 'mosquitto.conf')
  writeFileSync(conf, `listener ${port} 127.0.0.1\nallow_anonymous true\nuser ${userInfo().username}\n`)
  const child: ChildProcess = spawn('mosquitto', ['-c', conf], { stdio: 'ignore' })
  await expect
    .poll(
      () =>
        new Promise<boolean>((resolve) => {
          const socket = net.connect(port, '127.0.0.1')
          socket.once('connect', () => {
            socket.destroy()
            resolve(true)
          })
          socket.once('error', () => resolve(false))
        }),
      { timeout: 10_000 },
    )
    .toBe(true)
  return {
    url: `mqtt://127.0.0.1:${port}`,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve))
        child.kill('SIGTERM')
        await exited
      }
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

test.use({ viewport: { width: 360, height: 800 } })

test('connected on a phone, the boiler appears in Home Assistant, a setpoint from there ends applied, and disconnecting removes it', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000)
  const admin = await apiToken(request, 'admin')
  await useToken(page, admin)
  const serial = freshSerial()
  const name = `E2E Home Assistant ${serial}`
  const created = await createDevice(request, admin, name, serial)
  const verify = await request.post('/api/v2/items/verify-token', {
    data: { serial_number: serial, token: created.meta.verification_token },
  })
  expect(verify.ok(), await verify.text()).toBe(true)
  const { password } = (await verify.json()).data.attributes as { password: string }
  const broker = await ownBroker()
  const topics = new Map<string, string>()
  const homeAssistant = connect(broker.url, { clientId: `e2e-ha-${serial}`, reconnectPeriod: 0 })
  homeAssistant.on('message', (topic, payload) => topics.set(topic, payload.toString()))
  const simulator = startSimulator({ url: brokerUrl, devices: [{ serial, password }], intervalSeconds: 2 })
  try {
    await new Promise<void>((resolve) => homeAssistant.once('connect', () => resolve()))
    await homeAssistant.subscribeAsync(['homeassistant/#', 'teplo/#'], { qos: 1 })
    await simulator.whenConnected()

    await page.goto('/account/settings')
    const section = page.getByRole('region', { name: 'Home Assistant' })
    await section.getByRole('button', { name: 'Підключити' }).click()
    await section.getByRole('textbox', { name: 'Адреса брокера' }).fill(broker.url)
    await section.getByRole('checkbox', { name }).check()
    // The form's own button: a new connection is made with «Підключити».
    await section.getByRole('button', { name: 'Підключити' }).click()
    await expect(section.getByText('Підключено', { exact: true })).toBeVisible({ timeout: 15_000 })

    const climate = `homeassistant/climate/teplo_${serial}/heater/config`
    await expect.poll(() => topics.get(climate), { timeout: 10_000 }).toBeTruthy()
    expect(JSON.parse(topics.get(climate)!)).toMatchObject({
      temperature_command_topic: `teplo/${serial}/heater_temperature/set`,
      device: { name, serial_number: serial },
    })

    // Home Assistant sets the boiler water: the simulated controller applies it and the sync says so.
    await homeAssistant.publishAsync(`teplo/${serial}/heater_temperature/set`, '64', { qos: 1 })
    await expect
      .poll(
        () => {
          const state = JSON.parse(topics.get(`teplo/${serial}/state`) ?? '{}')
          return state.heater_temp_set === 64 && state.sync_details?.status === 'synced'
        },
        { timeout: 20_000 },
      )
      .toBe(true)
    const item = await api<{ data: { attributes: { heater_temp_set: number; sync_status: string } } }>(
      request,
      admin,
      'GET',
      `items/${created.data.id}`,
    )
    expect(item.data.attributes).toMatchObject({ heater_temp_set: 64, sync_status: 'synced' })

    // Disconnecting asks first, then Home Assistant forgets the boiler.
    await section.getByRole('button', { name: "Від'єднати" }).click()
    await page.getByRole('dialog').getByRole('button', { name: "Від'єднати" }).click()
    await expect(section.getByRole('button', { name: 'Підключити' })).toBeVisible({ timeout: 10_000 })
    await expect.poll(() => topics.get(climate), { timeout: 10_000 }).toBe('')
  } finally {
    await simulator.stop()
    await homeAssistant.endAsync(true)
    await broker.stop()
    await removeDevice(request, admin, created.data.id)
  }
})
