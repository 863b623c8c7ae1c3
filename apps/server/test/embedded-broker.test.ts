import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { DEMO_ACCOUNTS, deviceClientId } from '@teplo/domain'
import type { FastifyBaseLogger } from 'fastify'
import { connect, type IClientOptions, type MqttClient } from 'mqtt'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DeviceTransport } from '../src/modules/device-link/device-transport.ts'
import { startEmbeddedBroker } from '../src/modules/device-link/embedded-broker.ts'
import { LinkGuard } from '../src/modules/device-link/link-guard.ts'
import { provisionDevice } from './device-support.ts'
import { build, loginAs, testConfig } from './helper.ts'

type Line = { level: string; fields: Record<string, unknown>; message: string }

/** A logger that keeps its lines, to count them. */
function recordingLog(lines: Line[]): FastifyBaseLogger {
  const at = (level: string) => (fields: Record<string, unknown> | string, message?: string) =>
    lines.push(
      typeof fields === 'string'
        ? { level, fields: {}, message: fields }
        : { level, fields, message: message ?? '' },
    )
  const log = {
    level: 'trace',
    trace: at('trace'),
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    fatal: at('fatal'),
    silent: () => {},
    child: () => log,
  }
  return log as unknown as FastifyBaseLogger
}

function tryConnect(url: string, options: IClientOptions) {
  const client = connect(url, { reconnectPeriod: 0, connectTimeout: 5000, ...options })
  return new Promise<{ ok: boolean; code?: number; client: MqttClient }>((resolve) => {
    client.once('connect', () => resolve({ ok: true, client }))
    client.once('error', (err: Error & { code?: number }) => {
      client.end(true)
      resolve({ ok: false, code: err.code, client })
    })
  })
}

const SERIAL = '555555'
const SECRET = 'right-secret'

describe('failed device logins on the embedded broker', () => {
  it('are limited per address and summed up in one log line, not one line per failure', async () => {
    const lines: Line[] = []
    const log = recordingLog(lines)
    const guard = new LinkGuard({ log, reportEveryMs: 3_600_000 })
    const broker = await startEmbeddedBroker({
      host: '127.0.0.1',
      port: 0,
      log,
      guard,
      checkCredentials: async (username, password) => username === SERIAL && password === SECRET,
      onMessage: () => {},
    })
    try {
      const login = (password: string) =>
        tryConnect(broker.address, { clientId: deviceClientId(SERIAL), username: SERIAL, password })
      const codes: (number | undefined)[] = []
      for (let i = 0; i < 30; i++) codes.push((await login(`wrong-${i}`)).code)
      // 10 wrong secrets are checked (CONNACK 4); then the address waits (CONNACK 3, server unavailable).
      expect(codes.slice(0, 10)).toEqual(Array(10).fill(4))
      expect(codes.slice(10)).toEqual(Array(20).fill(3))
      expect(await login(SECRET)).toMatchObject({ ok: false, code: 3 })
      expect(lines.filter((line) => line.level !== 'debug' && line.level !== 'trace')).toEqual([])

      guard.report()
      const summaries = lines.filter((line) => line.level === 'warn')
      expect(summaries).toHaveLength(1)
      expect(summaries[0]!.fields).toMatchObject({
        refused: { credentials: 10, 'rate-limited': 21 },
        addresses: 1,
        top: [{ address: expect.stringContaining('127.0.0.1'), count: 31 }],
      })
      guard.report()
      expect(lines.filter((line) => line.level === 'warn')).toHaveLength(1)
    } finally {
      await broker.close()
    }
  })

  it('lets the address in again when its window has passed', () => {
    let now = 0
    const guard = new LinkGuard({ log: recordingLog([]), now: () => now, maxFailedLogins: 3, windowMs: 1000 })
    for (let i = 0; i < 3; i++) guard.refused('credentials', '10.0.0.1', SERIAL)
    expect(guard.limited('10.0.0.1')).toBe(true)
    expect(guard.limited('10.0.0.2')).toBe(false)
    now = 1000
    expect(guard.limited('10.0.0.1')).toBe(false)
    guard.close()
  })
})

describe('TLS on the embedded broker', () => {
  let dir: string
  let cert: string
  let key: string
  let app: Awaited<ReturnType<typeof build>>

  beforeAll(async () => {
    // A self-signed certificate for localhost, made by Debian's openssl for this test only.
    dir = mkdtempSync(path.join(tmpdir(), 'teplo-tls-'))
    cert = path.join(dir, 'cert.pem')
    key = path.join(dir, 'key.pem')
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost,IP:127.0.0.1',
        '-keyout',
        key,
        '-out',
        cert,
      ],
      { stdio: 'ignore' },
    )
    app = await build({
      MQTT_ENABLED: 'true',
      MQTT_HOST: '127.0.0.1',
      MQTT_PORT: '0',
      MQTT_TLS_PORT: '0',
      MQTT_TLS_CERT: cert,
      MQTT_TLS_KEY: key,
    })
  })
  afterAll(async () => {
    await app?.closeAll()
    rmSync(dir, { recursive: true, force: true })
  })

  it('serves mqtts:// with MQTT_TLS_CERT and MQTT_TLS_KEY and names it in the credentials answer', async () => {
    const clients: MqttClient[] = []
    try {
      const transport = app.deviceLink!.transport as DeviceTransport
      expect(transport.tlsAddress).toMatch(/^mqtts:\/\/127\.0\.0\.1:\d+$/)
      const tlsPort = Number(new URL(transport.tlsAddress!).port)
      const account = DEMO_ACCOUNTS.find((a) => a.role === 'admin')!
      const admin = await loginAs(app, account.email, account.password)
      const dev = await provisionDevice(app, admin)

      // The credentials answer points controllers at the TLS listener.
      const created = await app.inject({
        method: 'POST',
        url: `/api/v2/items/${dev.itemId}/pairing-code`,
        headers: { authorization: `Bearer ${admin}` },
      })
      const answer = await app.inject({
        method: 'POST',
        url: '/api/v2/items/verify-token',
        headers: { host: 'localhost' },
        payload: { serial_number: dev.serial, token: created.json().meta.verification_token },
        remoteAddress: '10.55.0.1',
      })
      expect(answer.statusCode).toBe(200)
      const { broker, password } = answer.json().data.attributes
      expect(broker).toEqual({
        url: `mqtts://localhost:${tlsPort}`,
        host: 'localhost',
        port: tlsPort,
        tls: true,
      })

      const options = {
        clientId: deviceClientId(dev.serial),
        username: dev.serial,
        password,
        servername: 'localhost',
      }
      const trusted = await tryConnect(`mqtts://localhost:${tlsPort}`, { ...options, ca: readFileSync(cert) })
      clients.push(trusted.client)
      expect(trusted.ok).toBe(true)
      // Without the certificate's authority the client refuses the server (the TLS handshake is real).
      const untrusted = await tryConnect(`mqtts://localhost:${tlsPort}`, options)
      clients.push(untrusted.client)
      expect(untrusted.ok).toBe(false)
    } finally {
      await Promise.all(clients.map((client) => client.endAsync(true)))
    }
  })

  it('refuses a certificate without its key at start', () => {
    expect(() => testConfig({ MQTT_TLS_CERT: cert })).toThrow(/MQTT_TLS_KEY.*must be set with MQTT_TLS_CERT/)
    expect(() => testConfig({ MQTT_TLS_KEY: key })).toThrow(/MQTT_TLS_CERT.*must be set with MQTT_TLS_KEY/)
  })
})
