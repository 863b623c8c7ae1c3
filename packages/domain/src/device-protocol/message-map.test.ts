import { describe, expect, it } from 'vitest'
import { telemetryExample } from './fixtures.test-data'
import { DEVICE_LINK } from './link-limits'
import { encodeDeviceMessage, parseDeviceMessage } from './message-map'

const bytes = (text: string) => new Uint8Array([...text].map((c) => c.charCodeAt(0)))

describe('parseDeviceMessage', () => {
  it('parses a valid payload given as text or bytes', () => {
    const text = encodeDeviceMessage('telemetry', telemetryExample)
    expect(parseDeviceMessage('telemetry', text)).toEqual({ ok: true, message: telemetryExample })
    expect(parseDeviceMessage('telemetry', bytes(text))).toEqual({ ok: true, message: telemetryExample })
  })

  it('drops oversized, non-UTF-8, non-JSON and schema-invalid payloads with a reason, without throwing', () => {
    const huge = JSON.stringify({ ...telemetryExample, pad: 'x'.repeat(DEVICE_LINK.maxPayloadBytes) })
    expect(parseDeviceMessage('telemetry', huge)).toMatchObject({ ok: false, reason: /payload too large/ })
    expect(parseDeviceMessage('telemetry', new Uint8Array([0xff, 0xfe]))).toEqual({
      ok: false,
      reason: 'payload is not UTF-8',
    })
    expect(parseDeviceMessage('status', 'online')).toEqual({ ok: false, reason: 'payload is not JSON' })
    const wrong = parseDeviceMessage('telemetry', JSON.stringify({ ...telemetryExample, work_mode: 99 }))
    expect(wrong).toMatchObject({ ok: false, reason: /^invalid telemetry: work_mode: / })
    expect(parseDeviceMessage('status', 'null')).toMatchObject({
      ok: false,
      reason: /^invalid status: \(root\)/,
    })
  })

  it('validates with the schema of the channel it arrived on', () => {
    const telemetryText = encodeDeviceMessage('telemetry', telemetryExample)
    expect(parseDeviceMessage('events/error', telemetryText).ok).toBe(false)
  })

  it('counts the size in UTF-8 bytes, not characters', () => {
    const reason = 'ї'.repeat(DEVICE_LINK.maxPayloadBytes / 2)
    const text = JSON.stringify({ state: 'online', ts: '2025-01-31T10:00:00.000Z', reason })
    expect(text.length).toBeLessThan(DEVICE_LINK.maxPayloadBytes)
    expect(parseDeviceMessage('status', text)).toMatchObject({ ok: false, reason: /payload too large/ })
  })
})

describe('encodeDeviceMessage', () => {
  it('refuses to build a message over the size limit', () => {
    const oversized = { ...telemetryExample, boot_id: 'x'.repeat(DEVICE_LINK.maxPayloadBytes) }
    expect(() => encodeDeviceMessage('telemetry', oversized)).toThrow(/exceeds the limit/)
  })
})
