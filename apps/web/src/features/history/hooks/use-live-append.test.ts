import { describe, expect, it } from 'vitest'
import { deviceFromDocument } from '../../../lib/items/item-document'
import { itemDocument, itemResource } from '../../../lib/items/item-fixtures.test-data'
import { liveBucket } from './use-live-append'

describe('liveBucket', () => {
  it('turns the device’s current reading into a one-sample bucket at its time', () => {
    const device = deviceFromDocument(
      itemDocument(
        itemResource('1', {
          status: 'on',
          heater_temp: 64.5,
          heater_temp_set: 70,
          burner_power: 12,
          work_mode: 6,
          last_seen_at: '2026-11-24 06:30:05',
        }),
      ),
    )
    const bucket = liveBucket(device)!
    expect(bucket.time).toBe(Date.parse('2026-11-24T06:30:05Z'))
    expect(bucket.values.heater_temp).toEqual({ min: 64.5, avg: 64.5, max: 64.5 })
    expect(bucket.values.heater_temp_set).toEqual({ min: 70, avg: 70, max: 70 })
    expect(bucket.workMode).toBe(6)
    expect(bucket.isOn).toBe(true)
  })

  it('has nothing to append before the device has reported', () => {
    const device = deviceFromDocument(
      itemDocument(itemResource('1', { heater_temp: null, last_seen_at: null })),
    )
    expect(liveBucket(device)).toBeNull()
  })
})
