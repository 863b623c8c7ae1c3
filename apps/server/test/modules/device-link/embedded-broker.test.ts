import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { DEMO_ACCOUNTS, deviceClientId } from '@teplo/domain'
import { startSimulator } from '@teplo/simulator'
import type { FastifyBaseLogger } from 'fastify'
import { connect, type IClientOptions, type MqttClient } from 'mqtt'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DeviceTransport } from '../../../src/modules/device-link/device-transport.ts'
import { startEmbeddedBroker } from '../../../src/modules/device-link/embedded-broker.ts'
import { LinkGuard } from '../../../src/modules/device-link/link-guard.ts'
import { provisionDevice } from '../../support/device-support.ts'
import { build, loginAs, testConfig } from '../../support/helper.ts'

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
  const OTHER = '666666'
  const startWith = async (guard: LinkGuard, log: FastifyBaseLogger) =>
    startEmbeddedBroker({
      host: '127.0.0.1',
      port: 0,
      log,
      guard,
      checkCredentials: async (username, password) =>
        (username === SERIAL && password === SECRET) || (username === OTHER && password === SECRET),
      onMessage: () => {},
    })
  const login = (url: string, serial: string, password: string) =>
    tryConnect(url, { clientId: deviceClientId(serial), username: serial, password })

  it("are limited per identity and secret: a revoked secret never locks out its serial's new secret or a neighbour", async () => {
    const lines: Line[] = []
    const log = recordingLog(lines)
    const guard = new LinkGuard({ log, reportEveryMs: 3_600_000 })
    const broker = await startWith(guard, log)
    try {
      const codes: (number | undefined)[] = []
      for (let i = 0; i < 30; i++) codes.push((await login(broker.address, SERIAL, 'revoked')).code)
      // 5 tries of the revoked secret are checked (CONNACK 4); then that pair waits (CONNACK 3, try later).
      expect(codes.slice(0, 5)).toEqual(Array(5).fill(4))
      expect(codes.slice(5)).toEqual(Array(25).fill(3))
      // The same serial with its new secret, and another serial behind the same address, get in at once.
      const renewed = await login(broker.address, SERIAL, SECRET)
      expect(renewed.ok).toBe(true)
      await renewed.client.endAsync()
      const neighbour = await login(broker.address, OTHER, SECRET)
      expect(neighbour.ok).toBe(true)
      await neighbour.client.endAsync()
      expect(lines.filter((line) => line.level !== 'debug' && line.level !== 'trace')).toEqual([])

      guard.report()
      const summaries = lines.filter((line) => line.level === 'warn')
      expect(summaries).toHaveLength(1)
      expect(summaries[0]!.fields).toMatchObject({
        refused: { credentials: 5, 'rate-limited': 25 },
        addresses: 1,
        top: [{ address: expect.stringContaining('127.0.0.1'), count: 30 }],
      })
      guard.report()
      expect(lines.filter((line) => line.level === 'warn')).toHaveLength(1)
    } finally {
      await broker.close()
    }
  })

  it('refuses every secret of an identity that many different wrong secrets were tried for, and no other identity', async () => {
    const guard = new LinkGuard({ log: recordingLog([]), reportEveryMs: 3_600_000, maxSecretsPerIdentity: 4 })
    const broker = await startWith(guard, recordingLog([]))
    try {
      const codes: (number | undefined)[] = []
      for (let i = 0; i < 6; i++) codes.push((await login(broker.address, SERIAL, `guess-${i}`)).code)
      expect(codes).toEqual([4, 4, 4, 4, 3, 3])
      expect(await login(broker.address, SERIAL, SECRET)).toMatchObject({ ok: false, code: 3 })
      const neighbour = await login(broker.address, OTHER, SECRET)
      expect(neighbour.ok).toBe(true)
      await neighbour.client.endAsync()
    } finally {
      await broker.close()
    }
  })

  it('limits an address only after far more failures than one identity may make', () => {
    let now = 0
    const guard = new LinkGuard({ log: recordingLog([]), now: () => now })
    const attempt = (serial: string, address = '10.0.0.1') => ({
      address,
      clientId: deviceClientId(serial),
      username: serial,
      password: 'wrong',
    })
    // 300 serials, one wrong secret each: each identity is still checked, until the address has used up 300.
    for (let i = 0; i < 299; i++) guard.loginFailed('credentials', attempt(String(100000 + i)))
    expect(guard.limited(attempt('999999'))).toBeNull()
    guard.loginFailed('credentials', attempt('999998'))
    expect(guard.limited(attempt('999999'))).toBe('address')
    expect(guard.limited(attempt('999999', '10.0.0.2'))).toBeNull()
    now = 60_000
    expect(guard.limited(attempt('999999'))).toBeNull()
    guard.close()
  })

  it("does not count an archived device's right secret against its address", async () => {
    const guard = new LinkGuard({ log: recordingLog([]), reportEveryMs: 3_600_000 })
    const broker = await startEmbeddedBroker({
      host: '127.0.0.1',
      port: 0,
      log: recordingLog([]),
      guard,
      checkCredentials: async (_username, password) => (password === SECRET ? 'unlinked' : 'wrong'),
      onMessage: () => {},
    })
    try {
      for (let i = 0; i < 15; i++) {
        const retry = await tryConnect(broker.address, {
          clientId: deviceClientId(SERIAL),
          username: SERIAL,
          password: SECRET,
        })
        expect(retry).toMatchObject({ ok: false, code: 5 })
      }
      // Neither its identity nor its address used up anything: the sixth and later tries were checked too.
      for (const address of ['127.0.0.1', '::ffff:127.0.0.1']) {
        const attempt = { address, clientId: deviceClientId(SERIAL), username: SERIAL, password: SECRET }
        expect(guard.limited(attempt)).toBeNull()
      }
    } finally {
      await broker.close()
    }
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
      await trusted.client.endAsync()

      // The simulator follows the credentials answer over TLS, trusting the given authority (--ca).
      const simulator = startSimulator({
        url: broker.url,
        devices: [{ serial: dev.serial, password }],
        ca: readFileSync(cert),
        reconnectPeriodMs: 0,
      })
      try {
        await simulator.whenConnected()
      } finally {
        await simulator.stop()
      }
    } finally {
      await Promise.all(clients.map((client) => client.endAsync(true)))
    }
  })

  it('refuses a certificate without its key at start', () => {
    expect(() => testConfig({ MQTT_TLS_CERT: cert })).toThrow(/MQTT_TLS_KEY.*must be set with MQTT_TLS_CERT/)
    expect(() => testConfig({ MQTT_TLS_KEY: key })).toThrow(/MQTT_TLS_CERT.*must be set with MQTT_TLS_KEY/)
  })
})
