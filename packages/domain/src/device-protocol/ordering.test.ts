import { describe, expect, it } from 'vitest'
import { isNewerTelemetry } from './ordering'

describe('isNewerTelemetry', () => {
  const last = { boot_id: 'a1', seq: 10, ts: '2025-01-31T10:00:10.000Z' }

  it('accepts the first message and a later sequence of the same boot', () => {
    expect(isNewerTelemetry(null, last)).toBe(true)
    expect(isNewerTelemetry(last, { ...last, seq: 11, ts: '2025-01-31T10:00:15.000Z' })).toBe(true)
  })

  it('drops a duplicate and an older message of the same boot, whatever their clock says', () => {
    expect(isNewerTelemetry(last, last)).toBe(false)
    expect(isNewerTelemetry(last, { ...last, seq: 9, ts: '2025-01-31T10:00:20.000Z' })).toBe(false)
  })

  it('orders messages of different boots, or with only a stored time, by timestamp', () => {
    expect(isNewerTelemetry(last, { boot_id: 'b2', seq: 0, ts: '2025-01-31T10:00:11.000Z' })).toBe(true)
    expect(isNewerTelemetry(last, { boot_id: 'b2', seq: 0, ts: '2025-01-31T10:00:09.000Z' })).toBe(false)
    expect(isNewerTelemetry({ ts: new Date('2025-01-31T10:00:10.000Z') }, last)).toBe(false)
    expect(isNewerTelemetry({ ts: new Date('2025-01-31T10:00:09.999Z') }, last)).toBe(true)
  })
})
