import { createHash, randomBytes } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type OtaDesiredMessage, type OtaStatusMessage, otaStatusMessageSchema } from '@teplo/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FirmwareUpdater } from '../src/ota'

const SERIAL = '700101'
const SECRET = 'device-secret'
const image = randomBytes(200_000)
const sha256 = createHash('sha256').update(image).digest('hex')
const requests: { url: string; authorization: string | undefined }[] = []
let server: Server
let base = ''

// A download server that, like Teplo's, wants the device's own credentials and knows a few links.
beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push({ url: req.url ?? '', authorization: req.headers.authorization })
    const expected = `Basic ${Buffer.from(`${SERIAL}:${SECRET}`).toString('base64')}`
    if (req.headers.authorization !== expected) return res.writeHead(401).end()
    if (req.url === '/expired') return res.writeHead(410).end()
    if (req.url === '/broken') return res.writeHead(500).end()
    if (req.url === '/short') return res.writeHead(200).end(image.subarray(0, 1000))
    if (req.url !== '/image') return res.writeHead(404).end()
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': image.length })
    // In pieces, as a real download arrives.
    for (let offset = 0; offset < image.length; offset += 16_384)
      res.write(image.subarray(offset, offset + 16_384))
    res.end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

function updater(running = '1.0.0') {
  const state = { running, reports: [] as OtaStatusMessage[] }
  const instance = new FirmwareUpdater({
    serial: SERIAL,
    password: SECRET,
    running: () => state.running,
    install: (version) => {
      state.running = version
    },
    report: (status) => state.reports.push(otaStatusMessageSchema.parse(status)),
    now: Date.now,
    log: () => {},
  })
  return { instance, state }
}

const desired = (path: string, overrides: Partial<OtaDesiredMessage> = {}): OtaDesiredMessage => ({
  version: '1.5.0',
  url: `${base}${path}`,
  sha256,
  size: image.length,
  ts: new Date().toISOString(),
  ...overrides,
})

describe('the simulated controller updating its firmware', () => {
  it('downloads with its own credentials, reports progress, verifies the checksum and switches', async () => {
    const { instance, state } = updater()
    await instance.receive(desired('/image'))
    expect(requests.at(-1)?.authorization).toBe(
      `Basic ${Buffer.from(`${SERIAL}:${SECRET}`).toString('base64')}`,
    )
    expect(state.running).toBe('1.5.0')
    const states = state.reports.map((r) =>
      r.state === 'downloading' ? `downloading ${r.progress}` : r.state,
    )
    expect(states[0]).toBe('downloading 0')
    expect(states).toContain('downloading 50')
    expect(states.slice(-3)).toEqual(['downloading 100', 'installing', 'succeeded'])
    expect(state.reports.every((r) => r.version === '1.5.0')).toBe(true)
  })

  it('keeps the old firmware when the download fails its checksum, and says so', async () => {
    const { instance, state } = updater()
    instance.corruptNextDownload()
    await instance.receive(desired('/image'))
    expect(state.running).toBe('1.0.0')
    const last = state.reports.at(-1)!
    expect(last.state).toBe('failed')
    expect(last.reason).toMatch(/^checksum mismatch: expected [0-9a-f]{12}…, got [0-9a-f]{12}…$/)
    expect(state.reports.some((r) => r.state === 'installing')).toBe(false)
    // The next try (a new rollout) downloads cleanly.
    await instance.receive(desired('/image'))
    expect(state.running).toBe('1.5.0')
  })

  it('does not try again a failed update on a copy of the request sent before it failed', async () => {
    const { instance, state } = updater()
    const asked = new Date(Date.now() - 1000).toISOString()
    instance.corruptNextDownload()
    await instance.receive(desired('/image', { ts: asked }))
    expect(state.reports.at(-1)!.state).toBe('failed')
    const before = requests.length
    // The same request again (a fresh link sent on reconnect, before the server had the failure): ignored.
    await instance.receive(desired('/image', { ts: asked }))
    expect(requests.length).toBe(before)
    expect(state.running).toBe('1.0.0')
    expect(state.reports.at(-1)!.state).toBe('failed')
  })

  it('refuses an image of another checksum or size than announced', async () => {
    const wrongSum = updater()
    await wrongSum.instance.receive(desired('/image', { sha256: 'a'.repeat(64) }))
    expect(wrongSum.state.running).toBe('1.0.0')
    expect(wrongSum.state.reports.at(-1)?.reason).toContain('checksum mismatch')

    const short = updater()
    await short.instance.receive(desired('/short'))
    expect(short.state.reports.at(-1)).toMatchObject({
      state: 'failed',
      reason: `size mismatch: expected ${image.length} bytes, got 1000`,
    })
    const smaller = updater()
    await smaller.instance.receive(desired('/image', { size: 1000 }))
    expect(smaller.state.reports.at(-1)?.reason).toBe('size mismatch: more than the announced 1000 bytes')
    expect(smaller.state.running).toBe('1.0.0')
  })

  it('waits quietly for a fresh link when its link has expired, and fails on a server error', async () => {
    const { instance, state } = updater()
    await instance.receive(desired('/expired'))
    expect(state.reports).toEqual([])
    expect(state.running).toBe('1.0.0')
    await instance.receive(desired('/broken'))
    expect(state.reports.at(-1)).toMatchObject({ state: 'failed', reason: 'download refused: HTTP 500' })
  })

  it('answers an update to the version it runs with success, without downloading', async () => {
    const { instance, state } = updater('1.5.0')
    const before = requests.length
    await instance.receive(desired('/image'))
    expect(requests.length).toBe(before)
    expect(state.reports.map((r) => r.state)).toEqual(['succeeded'])
  })

  it('does not start the same update twice when a fresh link arrives while it downloads', async () => {
    const { instance, state } = updater()
    const before = requests.length
    await Promise.all([instance.receive(desired('/image')), instance.receive(desired('/image'))])
    expect(requests.length - before).toBe(1)
    expect(state.reports.filter((r) => r.state === 'succeeded')).toHaveLength(1)
  })
})
