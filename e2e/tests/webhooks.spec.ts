import { createHmac, timingSafeEqual } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, test } from '@playwright/test'
import { startSimulator } from '@teplo/simulator'
import { apiToken, useToken } from '../support/api-session'
import { createDevice, freshSerial, removeDevice } from '../support/devices'
import { brokerUrl } from '../support/paths'

// The e2e server runs its embedded device broker on the port after its HTTP port, and lets webhooks post to
// 127.0.0.1 (WEBHOOK_ALLOW_PRIVATE, retries after 1 s: playwright.config.ts).
const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`

type Hook = {
  at: number
  signature: string
  body: string
  event: { type: string; data: { item?: { serial_number?: string }; alarm?: { code?: string } } }
}

/** A receiver on loopback that can be taken down and brought back on the same port. */
function receiver() {
  const received: Hook[] = []
  let server: http.Server | null = null
  let port = 0
  const start = () =>
    new Promise<void>((resolve) => {
      server = http.createServer((request, response) => {
        const chunks: Buffer[] = []
        request.on('data', (chunk: Buffer) => chunks.push(chunk))
        request.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8')
          received.push({
            at: Date.now(),
            signature: String(request.headers['teplo-signature']),
            body,
            event: JSON.parse(body),
          })
          response.writeHead(204).end()
        })
      })
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as AddressInfo).port
        resolve()
      })
    })
  const stop = () => new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)))
  return { received, start, stop, url: () => `http://127.0.0.1:${port}/teplo` }
}

/** The check of docs/integrations.md. */
function verified(secret: string, header: string, body: string) {
  const parts = new Map(header.split(',').map((part) => part.split('=', 2) as [string, string]))
  const expected = createHmac('sha256', secret)
    .update(`${parts.get('t')}.${body}`)
    .digest()
  const given = Buffer.from(parts.get('v1') ?? '', 'hex')
  return given.length === expected.length && timingSafeEqual(given, expected)
}

test.use({ viewport: { width: 360, height: 800 } })

test('a webhook made on a phone gets a signed alarm.raised within 5 s, and a retry after its receiver was down', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000)
  const admin = await apiToken(request, 'admin')
  await useToken(page, admin)
  const name = `E2E вебхук ${stamp}`
  const serial = freshSerial()
  const created = await createDevice(request, admin, name, serial)
  const verify = await request.post('/api/v2/items/verify-token', {
    data: { serial_number: serial, token: created.meta.verification_token },
  })
  expect(verify.ok(), await verify.text()).toBe(true)
  const { password } = (await verify.json()).data.attributes as { password: string }
  const hooks = receiver()
  await hooks.start()
  const simulator = startSimulator({ url: brokerUrl, devices: [{ serial, password }], intervalSeconds: 2 })
  try {
    await simulator.whenConnected()
    await page.goto('/account/settings')
    const section = page.getByRole('region', { name: 'Вебхуки' })
    await section.getByRole('button', { name: 'Додати вебхук' }).click()
    await section.getByRole('textbox', { name: /Адреса/ }).fill(hooks.url())
    await section.getByRole('checkbox', { name }).check()
    await section.getByRole('button', { name: 'Створити' }).click()
    const secret = (await section.getByTestId('webhook-secret').textContent()) ?? ''
    expect(secret).toMatch(/^whsec_/)
    await section.getByRole('button', { name: 'Готово' }).click()
    await expect(section.getByTestId('webhook-secret')).toHaveCount(0)

    const injected = Date.now()
    simulator.inject(serial, 'E1')
    await expect.poll(() => hooks.received.length, { timeout: 5_000 }).toBeGreaterThan(0)
    const [first] = hooks.received
    expect(first!.at - injected).toBeLessThan(5_000)
    expect(first!.event).toMatchObject({ type: 'alarm.raised', data: { item: { serial_number: serial } } })
    expect(verified(secret, first!.signature, first!.body)).toBe(true)

    // Down: the next error's delivery fails, shows in the log, and arrives once the receiver is back.
    await hooks.stop()
    simulator.inject(serial, 'E3')
    await section.getByRole('button', { name: 'Журнал доставок' }).click()
    await expect(section.getByText(/ECONNREFUSED/).first()).toBeVisible({ timeout: 15_000 })
    await hooks.start()
    await expect
      .poll(() => hooks.received.find((hook) => hook.event.data.alarm?.code === 'E3'), { timeout: 15_000 })
      .toBeTruthy()
    const retried = hooks.received.find((hook) => hook.event.data.alarm?.code === 'E3')!
    expect(verified(secret, retried.signature, retried.body)).toBe(true)
    // The log follows: nothing left refused, the first delivery and the retried ones delivered.
    await expect(section.getByText(/ECONNREFUSED/)).toHaveCount(0, { timeout: 15_000 })
    await expect(section.getByText('Доставлено').first()).toBeVisible()
  } finally {
    await simulator.stop()
    await hooks.stop()
    await removeDevice(request, admin, created.data.id)
  }
})
